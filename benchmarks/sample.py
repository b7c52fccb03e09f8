"""Time `ptt.sample` next to its Gibbs work floor, measured in the same run.

Two cases: (1) a PTT run on the 2D Ising model, L = 6 (36 visible units, 12 hidden), sampled over its own ladder;
(2) a PCD run on the Human Genome Dataset (805 SNPs, 64 hidden units), sampled over a temperature ladder (`ptt.sample`'s
default for a PCD run), or over a ladder of its checkpoints with `--hgd-ladder checkpoints`.

While `ptt.sample` runs, every call of `ptt.kernels.gibbs` (the sweeps of the tempering runs, and the few of the ladder
construction) is counted, by the shape of the stack it sweeps and its number of sweeps. The floor replays exactly those
Gibbs sweeps with `ptt.kernels.gibbs` alone, on stacks of the same shapes: what sampling costs if swaps, diagnostics,
ladder construction and bookkeeping were free. `sample` and its floor are timed interleaved (`--repeats` times each,
medians), so that the drift of a shared machine affects both alike. Training is not timed. Usage:

    python benchmarks/sample.py [--quick] [--case ising|hgd|all] [--device cuda] [--max-sweeps 20000]

The last line is `worst ratio to floor: X.XX`.
"""
import argparse, collections, json, math, os, platform, statistics, sys, time
import torch
import ptt, ptt.kernels, ptt.sample
from ptt.rbm import stack
from ptt.kernels import make_generator

_sample_module = sys.modules['ptt.sample']   # `ptt.sample` is also the function's name


def _sync(device):
    if torch.device(device).type == 'cuda': torch.cuda.synchronize()


class GibbsCount:
    "Counts the Gibbs sweeps done through `ptt.kernels.gibbs` (also as imported by ptt.sample), by stack shape, and their time"
    def __init__(self): self.sweeps, self.models, self.seconds, self.device = collections.Counter(), {}, 0., 'cpu'
    def __enter__(self):
        self.orig = ptt.kernels.gibbs
        def counted(model, v, k=1, generator=None):
            key = (len(model) if model.is_stack else 0, tuple(v.shape[-2:]) if model.is_stack else tuple(v.shape))
            self.sweeps[key] += k
            self.models.setdefault(key, (model, v))
            _sync(v.device); t0 = time.perf_counter()
            out = self.orig(model, v, k, generator)
            _sync(v.device); self.seconds += time.perf_counter() - t0
            return out
        ptt.kernels.gibbs = _sample_module.gibbs = counted
        return self
    def __exit__(self, *exc): ptt.kernels.gibbs = _sample_module.gibbs = self.orig


def floor_fn(count:GibbsCount, generator):
    "The Gibbs sweeps counted in `count`, replayed with `ptt.kernels.gibbs` alone on stacks of the same shapes"
    def fn():
        for key, k in count.sweeps.items():
            model, v = count.models[key]
            ptt.kernels.gibbs(model, v.clone(), k, generator)
    return fn


def timed(fns, device, repeats):
    "Wall times (seconds) of each function in `fns`, run interleaved `repeats` times"
    times = [[] for _ in fns]
    for _ in range(repeats):
        for fn, ts in zip(fns, times):
            _sync(device); t0 = time.perf_counter(); fn(); _sync(device)
            ts.append(time.perf_counter() - t0)
    return times


def ising_run(args, device):
    L, updates = 6, 500
    data = ptt.data.ising(L=L, beta=0.45, n=4000, seed=0)
    return ptt.fit(data, n_hidden=2 * L, updates=updates, device=device, progress=False), dict(L=L, beta=0.45, updates=updates)


def hgd_run(args, device):
    n_hidden, updates = (16, 300) if args.quick else (64, 1500)
    train, _ = ptt.data.split(ptt.data.hgd()[0], 0.4, seed=0)
    run = ptt.fit(train, n_hidden=n_hidden, method='pcd', updates=updates, lr=0.01, device=device, progress=False)
    return run, dict(n_hidden=n_hidden, updates=updates, lr=0.01)


def bench(name, run, n, kw, args, device):
    "Time `ptt.sample(run, n, **kw)` and its Gibbs floor, interleaved; print and return the numbers"
    def sample_fn():
        with GibbsCount() as c:
            res = ptt.sample(run, n=n, full=True, max_sweeps=args.max_sweeps, generator=make_generator(0, device), **kw)
        sample_fn.last = (c, res)
    sample_fn()                                                     # also counts the Gibbs sweeps the floor replays
    count, res = sample_fn.last
    floor = floor_fn(count, make_generator(1, device))
    t_sample, t_floor = timed([sample_fn, floor], device, args.repeats)
    count, res = sample_fn.last
    ms, mf = statistics.median(t_sample), statistics.median(t_floor)
    rep = res.report
    out = dict(case=name, n=n, ladder_rungs=len(res.ladder), sample_s=t_sample, floor_s=t_floor,
               gibbs_inside_sample_s=count.seconds, ratio=ms / mf, reliable=rep.reliable, therm_sweeps=rep.sweeps,
               tau_exp=rep.plan.tau_exp, tau_int=rep.plan.tau_int, spacing=rep.plan.spacing,
               chain_sweeps={f"{k[0]} rungs x {k[1]}": v for k, v in count.sweeps.items()}, **kw)
    print(f"{name}: ptt.sample(n={n}) over {len(res.ladder)} rungs, {'thermalized' if rep.reliable else 'NOT thermalized'} "
          f"after {rep.sweeps} sweeps (tau_exp {rep.plan.tau_exp:.3g}, tau_int {rep.plan.tau_int:.3g})")
    print(f"  Gibbs calls by (rungs, chains x units): sweeps {dict(count.sweeps)}")
    print(f"  sample {ms:8.2f} s   (of which Gibbs {count.seconds:.2f} s)   Gibbs floor {mf:8.2f} s   ratio {ms / mf:.2f}")
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--quick', action='store_true', help="small cases: HGD with 16 hidden units, 300 updates, 500 samples from 256 chains, at most 100 sweeps per thermalization (a ratio, not a thermalized sample)")
    p.add_argument('--case', choices=['ising', 'hgd', 'all'], default='all')
    p.add_argument('--hgd-ladder', choices=['temperature', 'checkpoints'], default='temperature')
    p.add_argument('--hgd-chains', type=int, help="chains for the HGD case (default: ptt.sample's)")
    p.add_argument('--device', default='cpu')
    p.add_argument('--repeats', type=int, help="timed runs of each side (default 3, 1 for HGD)")
    p.add_argument('--max-sweeps', type=int, help="ptt.sample's thermalization cap (default 20,000; 100 with --quick)")
    p.add_argument('--out', help="write the numbers as JSON here")
    args = p.parse_args()
    device = args.device
    args.max_sweeps = args.max_sweeps or (100 if args.quick else 20_000)
    args.hgd_chains = args.hgd_chains or (256 if args.quick else None)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread(s), {platform.processor() or platform.machine()}, "
          f"device {device}, load average {os.getloadavg()[0]:.1f}")
    results = []
    if args.case in ('ising', 'all'):
        run, settings = ising_run(args, device)
        print(f"Ising {settings}: {run}")
        a = argparse.Namespace(**{**vars(args), 'repeats': args.repeats or 3})
        results.append(dict(bench('ising', run, 1000 if args.quick else 2000, {}, a, device), training=settings))
    if args.case in ('hgd', 'all'):
        run, settings = hgd_run(args, device)
        print(f"HGD PCD {settings}: {run}")
        a = argparse.Namespace(**{**vars(args), 'repeats': args.repeats or 1})
        kw = dict(ladder=args.hgd_ladder) | (dict(n_chains=args.hgd_chains) if args.hgd_chains else {})
        results.append(dict(bench('hgd', run, 500 if args.quick else 3000, kw, a, device), training=settings))
    if args.out:
        with open(args.out, 'w') as f: json.dump(dict(load=os.getloadavg(), threads=torch.get_num_threads(), results=results), f, indent=1)
    print(f"worst ratio to floor: {max(r['ratio'] for r in results):.2f}")


if __name__ == '__main__':
    main()
