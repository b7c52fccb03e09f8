"""Training benchmarks: PTT's cost per update next to PCD's, and exact test log-likelihood against wall-clock time.

Part 1, `cost`. A PCD run and a PTT run with the same chains (`--chains`, 1000) and the same Gibbs sweeps per PTT/PCD
sweep (`--gibbs`, 10) are stepped alternately, one update of each in turn (the order flips every update), so that the
drift of a shared machine affects both alike. Shapes (N_v, N_h) = (805, 100), the Human Genome Dataset, and (784, 100),
binarized MNIST, 1000 updates each. PTT runs with the library's defaults (local freezes, only the current model simulated
between them); `--freeze full --simulated-rungs 1` measures the paper's protocol instead. Reported per shape: PCD seconds
per update; PTT seconds per update in steady state (updates during which no rung was frozen); PTT seconds per update
over all updates, i.e. with the cost of the freezes amortized over the updates of this run; the ratios to PCD; the part
of each spent in Gibbs sweeps (`ptt.train.gibbs`) and the cost of one freeze. The training loop is the library's own
(`ptt.train.pcd_update` / `ptt_update`, as `ptt.train.train` runs them) without evaluations or run files. Last line:
`amortized PTT/PCD time per update: X.XX` (all shapes pooled: PTT's total time over PCD's).

Part 2, `ll`. PCD and PTT train an RBM with few hidden units (`--hgd-hidden`, 16) on the Human Genome Dataset (805 SNPs,
strongly clustered; 60/40 train/test split), with equal chains and Gibbs sweeps, each for the same training wall-clock
budget (`--budget` seconds). The two runs advance in alternating chunks (whichever has trained less goes next), and
each chunk ends with the library's evaluation and checkpoint (`ptt.fit(..., resume=run)`), whose time is *not*
counted: the clock is the run's own training time (`run.history.logs['seconds']`). Every checkpoint's log-likelihood
is then computed *exactly* (`ptt.exact`, enumerating the 2^N_h hidden states), so no estimator flatters either method.
PTT's own free log Z estimate is compared with the exact value at the end.

    python benchmarks/train.py [--device cuda] [--quick] [--part cost|ll|all] [--out DIR]

`--quick` is a smoke run of a minute or two (short runs, usually no freeze; its numbers mean little). Results go to
`--out` (default `benchmarks/results`; with `--quick` a temporary folder): `cost.json`, `ll_vs_time.json`,
`ll_vs_time.png`.
"""
import argparse, contextlib, json, math, os, platform, statistics, sys, tempfile, time, warnings
from pathlib import Path
import numpy as np
import torch
import ptt.config, ptt.data, ptt.exact, ptt.train as T, ptt.update as U
from ptt.kernels import make_generator
from ptt.ladder import LadderBroken


def _sync(device):
    if torch.device(device).type == 'cuda': torch.cuda.synchronize()


class Timers:
    "Seconds spent in Gibbs sweeps and in freezes as the update calls them (`ptt.update.gibbs`, `ptt.update.freeze`; instrumentation only)"
    def __init__(self, device): self.device, self.gibbs, self.freeze = device, 0., 0.

    def _wrap(self, fn, attr):
        def timed(*a, **k):
            _sync(self.device); t0 = time.perf_counter()
            try: return fn(*a, **k)
            finally: _sync(self.device); setattr(self, attr, getattr(self, attr) + time.perf_counter() - t0)
        return timed

    @contextlib.contextmanager
    def installed(self):
        old = U.gibbs, U.freeze
        U.gibbs, U.freeze = self._wrap(U.gibbs, 'gibbs'), self._wrap(U.freeze, 'freeze')
        try: yield self
        finally: U.gibbs, U.freeze = old

    def reset(self): self.gibbs = self.freeze = 0.


class Stepper:
    "A PCD or PTT run driven one update at a time, exactly as `ptt.train.train` steps it, with per-update timings"
    def __init__(self, method, x, n_hidden, args, device, timers):
        cfg = T.make_config(method, n_hidden, n_chains=args.chains, gibbs_steps=_gibbs(args, method), updates=args.updates, lr=args.lr,
                            max_lr=args.max_lr if method == 'ptt' else None, seed=args.seed, **_centered(args),
                            **(dict(freeze=args.freeze, simulated_rungs=args.simulated_rungs, **{k: v for k, v in dict(sweeps_per_update=args.ptt_sweeps,
                                    therm_gibbs_steps=args.therm_gibbs, local_min_sweeps=args.local_min_sweeps,
                                    local_gibbs_steps=args.local_gibbs, min_renewal=args.min_renewal, max_gain=args.max_gain, damped=args.damped).items() if v is not None})
                               if method == 'ptt' else {}))
        self.x, kind, q = T.prepare_data(x, device=device)
        self.run = T.start_run(self.x, kind, q, cfg, device)
        self.g = make_generator(0, device); self.g.set_state(self.run.state.rng)
        self.step = T.ptt_update if method == 'ptt' else T.pcd_update
        self.method, self.device, self.timers = method, device, timers
        self.seconds, self.gibbs, self.freeze, self.froze, self.rejected = [], [], [], [], []
        self.broken = ""

    def update(self):
        s, t = self.run.state, self.timers
        t.reset(); _sync(self.device); t0 = time.perf_counter()
        row = self.step(self.run, T._next_batch(s, self.x, self.run.config['batch_size'], self.g), self.g)
        _sync(self.device); dt = time.perf_counter() - t0
        s.update += 1; s.seconds += dt
        self.run.history.append('steps', update=s.update, seconds=dt, **row)
        self.seconds.append(dt); self.gibbs.append(t.gibbs); self.freeze.append(t.freeze)
        self.froze.append(bool(row.get('froze', 0.))); self.rejected.append(bool(row.get('rejected', 0.)))


def _gibbs(args, method):
    "Gibbs sweeps per PCD update or per PTT sweep"
    return (args.ptt_gibbs or args.gibbs or T.GIBBS_STEPS['ptt']) if method == 'ptt' else (args.gibbs or T.GIBBS_STEPS['pcd'])

def _centered(args):
    "The centered setting asked for, or none (the library's default)"
    return {} if args.centered is None else dict(centered=args.centered)

def _rate(lr) -> str: return "the library's (" + ", ".join(f"{m.upper()} {r:g}" for m, r in T.LEARNING_RATES.items()) + ")" if lr is None else f"{lr:g}"

def _mean(x): return float(np.mean(x)) if len(x) else math.nan
def _median(x): return float(np.median(x)) if len(x) else math.nan


def cost_sizes(quick):
    hgd, *_ = ptt.data.hgd()
    x, _ = ptt.data.mnist('train')
    return [('Human Genome Dataset', hgd, 100), ('binarized MNIST 28x28', x, 100)]


def cost_one(name, x, n_hidden, args, device):
    timers = Timers(device)
    with timers.installed(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        pcd, ptt_ = (Stepper(m, x, n_hidden, args, device, timers) for m in ('pcd', 'ptt'))
        t_start = time.perf_counter()
        for u in range(args.updates):
            for st in ((pcd, ptt_) if u % 2 == 0 else (ptt_, pcd)):
                try: st.update()
                except LadderBroken as e: st.broken = str(e)
            if ptt_.broken: break
            if args.verbose and (u + 1) % 10 == 0:
                print(f"  ... {u + 1} updates, {len(ptt_.run.ladder)} rungs, {time.perf_counter() - t_start:.0f} s", file=sys.stderr, flush=True)
        wall = time.perf_counter() - t_start
    n = min(len(pcd.seconds), len(ptt_.seconds))
    steady = [i for i in range(n) if not ptt_.froze[i]]
    fz = [i for i in range(n) if ptt_.froze[i]]
    rungs = ptt_.run.history.rungs
    pcd_mean = _mean(pcd.seconds[:n])
    ptt_steady = _mean([ptt_.seconds[i] for i in steady])
    ptt_all = _mean(ptt_.seconds[:n])
    freeze_s = [ptt_.freeze[i] for i in fz]
    res = dict(data=name, n_visible=x.shape[1], n_hidden=n_hidden, updates=n, wall_seconds=wall, ptt_stopped=ptt_.broken,
               pcd=dict(mean=pcd_mean, median=_median(pcd.seconds[:n]), gibbs_mean=_mean(pcd.gibbs[:n])),
               ptt_steady=dict(mean=ptt_steady, median=_median([ptt_.seconds[i] for i in steady]),
                               gibbs_mean=_mean([ptt_.gibbs[i] for i in steady]), updates=len(steady)),
               ptt_all=dict(mean=ptt_all, median=_median(ptt_.seconds[:n])),
               # the same, over updates 1..n: the other updates of a freezing update are counted as steady work
               ratio_steady=ptt_steady / pcd_mean, ratio_all=ptt_all / pcd_mean,
               ratio_steady_median=_median([ptt_.seconds[i] for i in steady]) / _median(pcd.seconds[:n]),
               freezes=[dict(update=i + 1, seconds=ptt_.freeze[i], n_rungs=int(r), sweeps=int(sw), tau_exp=float(te), tau_int=float(ti),
                             thermalized=bool(th))
                        for i, r, sw, te, ti, th in zip(fz, rungs.get('n_rungs', []), rungs.get('sweeps', []), rungs.get('tau_exp', []),
                                                        rungs.get('tau_int', []), rungs.get('thermalized', []))],
               freeze_mean_seconds=_mean(freeze_s), rejected_updates=int(sum(ptt_.rejected[:n])),
               final_lr=ptt_.run.history.last('steps', 'lr_weights'), warnings=[str(w.message)[:200] for w in caught])
    return res


def print_cost(r, args):
    p, s, a = r['pcd'], r['ptt_steady'], r['ptt_all']
    print(f"\n({r['n_visible']}, {r['n_hidden']}) {r['data']}: {r['updates']} updates of each method, stepped alternately "
          f"({r['wall_seconds']:.0f} s)")
    print(f"  {'':44}{'s/update':>9}{'median':>9}{'in Gibbs':>9}{'ratio to PCD':>14}")
    print(f"  {'PCD':44}{p['mean']:>9.3f}{p['median']:>9.3f}{p['gibbs_mean']:>9.3f}{1:>14.2f}")
    print(f"  {'PTT, updates without a freeze (' + str(s['updates']) + ')':44}{s['mean']:>9.3f}{s['median']:>9.3f}"
          f"{s['gibbs_mean']:>9.3f}{r['ratio_steady']:>14.2f}")
    print(f"  {'PTT, all updates (freezes amortized)':44}{a['mean']:>9.3f}{a['median']:>9.3f}{'':>9}{r['ratio_all']:>14.2f}")
    fz = r['freezes']
    if fz:
        desc = ', '.join(f"u{f['update']}: {f['seconds']:.1f} s, {f['n_rungs']} rungs, {f['sweeps']} sweeps" for f in fz)
        print(f"  freezes: {len(fz)} ({desc})")
        print(f"  one freeze costs {r['freeze_mean_seconds']:.1f} s on average = {r['freeze_mean_seconds'] / s['mean']:.0f} steady PTT "
              f"updates = {r['freeze_mean_seconds'] / p['mean']:.0f} PCD updates")
    else: print("  no rung was frozen in this run: the amortized cost equals the steady one (run longer, or raise --lr)")
    print(f"  PTT rejected {r['rejected_updates']} proposed updates (same cost as accepted ones); learning rate at the end "
          f"{r['final_lr']:.3g}" + (f"; PTT stopped: {r['ptt_stopped']}" if r['ptt_stopped'] else ""))


# ---------------------------------------------------------------- part 2: exact log-likelihood against wall-clock time

def ll_benchmark(args, device):
    x, *_ = ptt.data.hgd()
    train, test = ptt.data.split(x, 0.4, seed=args.seed)
    kw = dict(n_chains=args.chains, seed=args.seed, **_centered(args), log_every=10**9, device=device, progress=False)
    # PCD's own evaluation would enumerate log Z at every checkpoint (pcd_exact_log_z): switched off, done below for both
    lrs = dict(pcd=dict(lr=args.pcd_lr, pcd_exact_log_z=1, gibbs_steps=_gibbs(args, 'pcd')),
               ptt=dict(lr=args.hgd_lr, gibbs_steps=_gibbs(args, 'ptt'), max_lr=args.hgd_max_lr, freeze=args.freeze, simulated_rungs=args.simulated_rungs, final_eval='none',
                        **{k: v for k, v in dict(therm_gibbs_steps=args.therm_gibbs, local_min_sweeps=args.local_min_sweeps, local_gibbs_steps=args.local_gibbs,
                                                 min_renewal=args.min_renewal, sweeps_per_update=args.ptt_sweeps, lr_floor=args.hgd_lr_floor, max_gain=args.max_gain, damped=args.damped).items() if v is not None}))
    runs, stopped, chunk_s = {}, {}, args.budget / args.points
    t_start = time.perf_counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        for m in ('pcd', 'ptt'):
            runs[m] = T.fit(train, args.hgd_hidden, m, test=test, updates=1, **kw, **lrs[m])
        while True:
            active = [m for m in runs if runs[m].state.seconds < args.budget and not runs[m].state.stopped]
            if not active: break
            m = min(active, key=lambda k: runs[k].state.seconds)          # whichever has trained less goes next
            r = runs[m]
            per_update = _median(r.history.steps['seconds'][-50:])
            n = max(1, min(int(chunk_s / per_update), int((args.budget - r.state.seconds) / per_update) + 1))
            T.fit(train, test=test, resume=r, updates=r.state.update + n, device=device, progress=False)
            if args.verbose:
                print(f"  ... {m} {r.state.update} updates, {r.state.seconds:.0f} s" + (f", {len(r.ladder)} rungs" if r.ladder else ""),
                      file=sys.stderr, flush=True)
    wall = time.perf_counter() - t_start
    t_eval = time.perf_counter()
    out = dict(data='HGD', n_visible=x.shape[1], n_hidden=args.hgd_hidden, n_train=len(train), n_test=len(test),
               budget_seconds=args.budget, wall_seconds=wall, warnings=sorted({str(w.message)[:200] for w in caught}))
    for m, r in runs.items():
        logs = r.history.logs
        rows = []
        for i, (u, model) in enumerate(r.checkpoints):
            log_z = ptt.exact.log_partition(model).item()
            rows.append(dict(update=int(u), seconds=float(logs['seconds'][i]), log_z=log_z,
                             test_ll=ptt.exact.log_likelihood(model, test, log_z).item(),
                             train_ll=ptt.exact.log_likelihood(model, train, log_z).item(),
                             own_log_z=float(logs['log_z'][i]), own_log_z_se=float(logs['log_z_se'][i])))
        steps = r.history.steps
        out[m] = dict(checkpoints=rows, updates=r.state.update, seconds=r.state.seconds, stopped=r.state.stopped,
                      config={k: r.config[k] for k in ('n_chains', 'gibbs_steps', 'sweeps_per_update', 'lr', 'max_lr', 'adaptive', 'centered',
                                                       'batch_size', 'therm_gibbs_steps', 'seed')},
                      seconds_per_update_median=_median(steps['seconds']))
        if r.ladder is not None:
            froze = [i for i, f in enumerate(steps['froze']) if f]
            out[m]['freezes'] = [dict(update=int(steps['update'][i]), seconds_at=float(np.sum(steps['seconds'][:i + 1])),
                                      update_seconds=float(steps['seconds'][i])) for i in froze]
            out[m]['freeze_seconds'] = float(np.sum(r.history.rungs.get('seconds', [0.])))
            out[m]['final_log_z'] = dict(ptt=r.log_z, se=r.history.logs['log_z_se'][-1],
                                         exact=ptt.exact.log_partition(r.model).item(), rungs=len(r.ladder))
    out['eval_seconds'] = time.perf_counter() - t_eval
    return out


def _at(rows, t):
    "The last checkpoint at or before training time `t`"
    before = [r for r in rows if r['seconds'] <= t + 1e-9]
    return before[-1] if before else None


def print_ll(o):
    P, Q = o['pcd'], o['ptt']
    print(f"\nHGD ({o['n_train']} train / {o['n_test']} test haplotypes, {o['n_visible']} SNPs), N_h = {o['n_hidden']}: exact log-likelihood "
          f"per sample (nats) against training wall-clock time")
    for m, d in (('PCD', P), ('PTT', Q)):
        c = d['config']
        lr = f"lr {c['lr']:g} fixed" if not c['adaptive'] else f"adaptive lr from {c['lr']:g}, max {c['max_lr']:g}"
        extra = f", {len(d['freezes'])} freezes" if 'freezes' in d else ""
        print(f"  {m}: {d['updates']} updates in {d['seconds']:.0f} s (median {d['seconds_per_update_median']:.3f} s/update), {lr}, "
              f"{c['n_chains']} chains, {c['gibbs_steps']} Gibbs sweeps x {c['sweeps_per_update'] if m == 'PTT' else 1}{extra}"
              + (f"; stopped: {d['stopped']}" if d['stopped'] else ""))
    t_end = min(P['seconds'], Q['seconds'])
    print(f"  {'seconds':>8} {'PCD update':>11} {'PCD test LL':>12} {'PTT update':>11} {'PTT test LL':>12}")
    for t in np.linspace(0, t_end, 11)[1:]:
        a, b = _at(P['checkpoints'], t), _at(Q['checkpoints'], t)
        f = lambda r: (f"{r['update']:>11} {r['test_ll']:>12.2f}" if r else f"{'-':>11} {'-':>12}")
        print(f"  {t:>8.0f} {f(a)} {f(b)}")
    for m, d in (('PCD', P), ('PTT', Q)):
        best = max(d['checkpoints'], key=lambda r: r['test_ll'])
        last = d['checkpoints'][-1]
        print(f"  {m}: best test LL {best['test_ll']:.2f} at {best['seconds']:.0f} s (update {best['update']}, train LL {best['train_ll']:.2f}); "
              f"last {last['test_ll']:.2f} at {last['seconds']:.0f} s (train LL {last['train_ll']:.2f})")
    f = Q.get('final_log_z')
    if f:
        dev = [abs(r['own_log_z'] - r['log_z']) for r in Q['checkpoints']]
        print(f"  PTT's own log Z at the end: {f['ptt']:.4f} ± {f['se']:.4f}, exact {f['exact']:.4f} (difference {f['ptt'] - f['exact']:+.4f}, "
              f"{f['rungs']} rungs); largest |own - exact| over its {len(dev)} checkpoints: {max(dev):.4f}")


def plot_ll(o, path):
    import matplotlib; matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    fig, axs = plt.subplots(1, 2, figsize=(11, 4))
    for m, c in (('pcd', 'C0'), ('ptt', 'C1')):
        rows = o[m]['checkpoints']
        t = [r['seconds'] for r in rows]
        axs[0].plot(t, [r['test_ll'] for r in rows], '-o', ms=3, color=c, label=f"{m.upper()} test")
        axs[0].plot(t, [r['train_ll'] for r in rows], ':', color=c, label=f"{m.upper()} train")
    for f in o['ptt'].get('freezes', []): axs[0].axvline(f['seconds_at'], color='C1', lw=0.4, alpha=0.5)
    lo = max(r['test_ll'] for m in ('pcd', 'ptt') for r in o[m]['checkpoints'])
    axs[0].set_ylim(lo - 60, lo + 10)
    axs[0].set(xlabel='training wall-clock time (s)', ylabel='exact log-likelihood per sample (nats)',
               title=f"HGD, N_h={o['n_hidden']}: exact LL (thin lines: PTT freezes)")
    axs[0].legend(fontsize=8)
    rows = o['ptt']['checkpoints']
    axs[1].errorbar([r['seconds'] for r in rows], [r['own_log_z'] - r['log_z'] for r in rows], [r['own_log_z_se'] for r in rows],
                    fmt='o', ms=3, color='C1')
    axs[1].axhline(0, color='k', lw=0.5)
    axs[1].set(xlabel='training wall-clock time (s)', ylabel='PTT log Z estimate - exact (nats)', title="PTT's free log Z, ± its standard error")
    fig.tight_layout(); fig.savefig(path, dpi=90); plt.close(fig)


# ---------------------------------------------------------------- main

def machine(device):
    cpu = platform.processor()
    with contextlib.suppress(OSError):
        cpu = next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), cpu)
    d = dict(torch=torch.__version__, threads=torch.get_num_threads(), cpus=os.cpu_count(), cpu=cpu, device=str(device),
             OMP_NUM_THREADS=os.environ.get('OMP_NUM_THREADS'), python=platform.python_version(),
             date=time.strftime('%Y-%m-%d %H:%M'))
    if torch.device(device).type == 'cuda': d['gpu'] = torch.cuda.get_device_name()
    return d


def load():
    with contextlib.suppress(OSError): return os.getloadavg()[0]
    return math.nan


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--device', default='cpu', help="torch device (default cpu)")
    p.add_argument('--quick', action='store_true', help="smoke run of a minute or two: short runs, small model for part 2")
    p.add_argument('--part', choices=['cost', 'll', 'all'], default='all')
    p.add_argument('--out', help="folder for the result files (default benchmarks/results; with --quick a temporary folder)")
    p.add_argument('--chains', type=int, default=1000)
    p.add_argument('--gibbs', type=int, default=None, help="Gibbs sweeps per PCD update, and per PTT sweep unless --ptt-gibbs (default: the library's, 10 and 5)")
    p.add_argument('--ptt-gibbs', type=int, default=None, help="Gibbs sweeps per PTT sweep (default: --gibbs, else the library's 5)")
    p.add_argument('--local-gibbs', type=int, default=None, help="Gibbs sweeps per sweep of a local freeze (default: the library's)")
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--centered', action=argparse.BooleanOptionalAction, default=None,
                   help="centered gradient steps for both methods (default: the library's)")
    p.add_argument('--max-gain', type=float, default=None, help="PTT's bound on the step's gain along its stiffest directions (max_gain; default: the library's)")
    p.add_argument('--damped', type=int, default=None, help="how many of the stiffest directions PTT damps to max_gain, the rates capped by the next (damped; default: the library's)")
    p.add_argument('--min-renewal', type=float, default=None, help="PTT freezes when the 1%% quantile of its chains' renewal probability would fall below this (min_renewal; default: the library's)")
    g = p.add_argument_group('part 1 (cost)')
    g.add_argument('--updates', type=int, nargs=2, metavar=('N_HGD', 'N_MNIST'), help="updates of each method per shape (default 1000 1000)")
    g.add_argument('--lr', type=float, default=None, help="initial learning rate of both runs (PCD keeps it; default: each method's, the library's LEARNING_RATES)")
    g.add_argument('--max-lr', type=float, default=ptt.config.MAX_RATE, help=f"PTT's largest adaptive learning rate (default {ptt.config.MAX_RATE:g}, the library's)")
    g.add_argument('--ptt-sweeps', type=int, default=None, help="PTT sweeps per update (default: the library's)")
    p.add_argument('--freeze', choices=['local', 'full'], default='local', help="PTT's freezes (default local, the library's)")
    p.add_argument('--simulated-rungs', type=int, choices=[0, 1], default=0, help="frozen rungs simulated between freezes (default 0, the library's)")
    p.add_argument('--therm-gibbs', type=int, default=None, help="Gibbs sweeps per thermalization sweep (default: the library's)")
    p.add_argument('--local-min-sweeps', type=int, default=None, help="least sweeps of a local freeze (default: the library's)")
    g = p.add_argument_group('part 2 (ll)')
    g.add_argument('--hgd-hidden', type=int, help="hidden units (exact enumeration of 2^N_h states; default 16)")
    g.add_argument('--budget', type=float, help="training wall-clock seconds of each method (default 330)")
    g.add_argument('--points', type=int, default=25, help="checkpoints per method, about (default 25)")
    g.add_argument('--pcd-lr', type=float, default=None, help="PCD's (fixed) learning rate (default: the library's, LEARNING_RATES['pcd'])")
    g.add_argument('--hgd-lr', type=float, default=None, help="PTT's initial learning rate (default: the library's, LEARNING_RATES['ptt'])")
    g.add_argument('--hgd-max-lr', type=float, default=ptt.config.MAX_RATE, help=f"PTT's largest learning rate (default {ptt.config.MAX_RATE:g}, the library's)")
    g.add_argument('--hgd-lr-floor', type=float, default=None, help="lowest rate PTT's cosine rule sets (lr_floor; default: the library's)")
    p.add_argument('-v', '--verbose', action='store_true', help="progress on stderr")
    args = p.parse_args()
    if args.device.startswith('cuda') and not torch.cuda.is_available(): p.error("--device cuda: no CUDA device is available")
    updates = args.updates or ((8, 8) if args.quick else (1000, 1000))
    args.hgd_hidden = args.hgd_hidden or (8 if args.quick else 16)
    args.budget = args.budget or (10. if args.quick else 330.)
    if args.quick and args.points == 25: args.points = 4
    out = Path(args.out) if args.out else (Path(tempfile.mkdtemp(prefix='ptt-bench-')) if args.quick else Path(__file__).parent / 'results')
    out.mkdir(parents=True, exist_ok=True)
    info = machine(args.device)
    print(f"device {info['device']}{' (' + info['gpu'] + ')' if 'gpu' in info else ''}, torch {info['torch']}, {info['threads']} threads "
          f"(OMP_NUM_THREADS={info['OMP_NUM_THREADS']}), {info['cpus']} CPUs: {info['cpu']}; load average {load():.2f}"
          + ("; QUICK smoke settings" if args.quick else ""))
    t0, last_lines = time.perf_counter(), []
    settings = {k: v for k, v in vars(args).items()}
    settings['updates'] = list(updates)
    if args.part in ('cost', 'all'):
        print(f"\n1. Cost per update, PCD and PTT stepped alternately: {args.chains} chains, {_gibbs(args, 'pcd')} Gibbs sweeps per PCD update and "
              f"{_gibbs(args, 'ptt')} per PTT sweep, PTT with freeze={args.freeze}, simulated_rungs={args.simulated_rungs} and the library's defaults otherwise, lr {_rate(args.lr)} (PTT adaptive, max {args.max_lr:g})")
        results, load0 = [], load()
        for (name, x, nh), n in zip(cost_sizes(args.quick), updates):
            if n == 0: continue                        # --updates N 0: that shape skipped
            args.updates = n
            results.append(cost_one(name, x, nh, args, args.device))
            print_cost(results[-1], args)
        args.updates = updates
        pcd_total = sum(r['pcd']['mean'] * r['updates'] for r in results)
        ptt_total = sum(r['ptt_all']['mean'] * r['updates'] for r in results)
        freeze_total = sum(f['seconds'] for r in results for f in r['freezes'])
        summary = dict(amortized_ratio=ptt_total / pcd_total, freeze_share=freeze_total / ptt_total)
        results.append(dict(summary=summary))
        (out / 'cost.json').write_text(json.dumps(dict(machine=info, settings=settings, load_before=load0, load_after=load(),
                                                       results=results), indent=1, default=float))
        last_lines.append(f"part 1, freezes: {100 * summary['freeze_share']:.1f}% of PTT's time")
        last_lines.append(f"amortized PTT/PCD time per update: {summary['amortized_ratio']:.2f}")
    if args.part in ('ll', 'all'):
        print(f"\n2. Exact test log-likelihood against training wall-clock time: HGD, N_h={args.hgd_hidden}, {args.budget:g} s of training "
              f"for each method, {args.chains} chains, {_gibbs(args, 'pcd')} Gibbs sweeps per PCD update, {_gibbs(args, 'ptt')} per PTT sweep")
        load0 = load()
        o = ll_benchmark(args, args.device)
        print_ll(o)
        o.update(machine=info, settings=settings, load_before=load0, load_after=load())
        (out / 'll_vs_time.json').write_text(json.dumps(o, indent=1, default=float))
        plot_ll(o, out / 'll_vs_time.png')
        best_pcd = max(r['test_ll'] for r in o['pcd']['checkpoints'])
        last_ptt = o['ptt']['checkpoints'][-1]['test_ll']
        share = o['ptt']['freeze_seconds'] / max(o['ptt']['seconds'], 1e-9)
        last_lines.append(f"freezes: {100 * share:.1f}% of PTT's time")
        last_lines.append(f"PTT's last test LL minus PCD's best: {last_ptt - best_pcd:+.2f} nats")
    print(f"\nresults in {out}; total {time.perf_counter() - t0:.0f} s; load average {load():.2f}")
    for line in last_lines: print(line)


if __name__ == '__main__':
    try: main()
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr); sys.exit(1)
