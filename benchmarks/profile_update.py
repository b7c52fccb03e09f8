"""Where one PTT update and one freeze spend their time (cProfile), next to a PCD update.

Trains binarized MNIST (784 visible, 100 hidden, 1000 chains, 10 Gibbs sweeps) with the library's defaults until the
ladder has a few rungs, then profiles `--updates` steady PTT updates, `--updates` PCD updates of the same model, the
next (local) freeze, and a whole-ladder thermalization of the same ladder (what the paper's protocol runs at every
freeze; the library runs it as an audit). Prints, for each, the seconds per call of the parts that matter (Gibbs sweeps, swaps, gradient, the ladder
decision, the freeze's thermalization, records and Bennett's estimates) and the share of the rest.

    python benchmarks/profile_update.py [--updates 20] [--warmup 150] [--device cpu]
"""
import argparse, cProfile, pstats, sys, time, warnings
import torch
import ptt.data, ptt.train as T
from ptt.kernels import make_generator

PARTS = {  # label: (module file suffix, function name)
    'Gibbs sweeps (kernels.gibbs)': ('kernels.py', 'gibbs'),
    'swap moves (kernels.swap)': ('kernels.py', 'swap'),
    'reservoir draws': ('reservoir.py', 'draw'),
    'gradient (train._gradient)': ('train.py', '_gradient'),
    'ladder decision (train._decide)': ('train.py', '_decide'),
    'thermalization (Tempering.thermalize)': ('reservoir.py', 'thermalize'),
    'free-energy gaps for BAR (likelihood.neighbour_gaps)': ('likelihood.py', 'neighbour_gaps'),
    "Bennett's estimate (likelihood.bar_from_gaps)": ('likelihood.py', 'bar_from_gaps'),
}


def cumulative(stats:pstats.Stats, suffix:str, name:str) -> float:
    return sum(v[3] for (f, _, fn), v in stats.stats.items() if f.endswith(suffix) and fn == name)


def report(title:str, prof, total:float, calls:int):
    st = prof if isinstance(prof, pstats.Stats) else pstats.Stats(prof)
    print(f"\n{title}: {total / calls:.4f} s per call ({calls} calls)")
    for label, (suffix, name) in PARTS.items():
        t = cumulative(st, suffix, name)
        if t > 0: print(f"  {label:55s} {t / calls:8.4f} s  {100 * t / total:5.1f}%")


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--updates', type=int, default=20)
    p.add_argument('--warmup', type=int, default=150, help="updates before profiling (the ladder grows meanwhile)")
    p.add_argument('--device', default='cpu')
    a = p.parse_args()
    warnings.simplefilter('ignore')
    x, _ = ptt.data.mnist('train')
    x = T.prepare_data(x, device=a.device)[0]
    runs = {}
    for m in ('pcd', 'ptt', 'ptt-pair'):
        method = m.split('-')[0]
        extra = dict(max_lr=0.1, simulated_rungs=1) if m == 'ptt-pair' else dict(max_lr=0.1) if m == 'ptt' else {}
        cfg = T.make_config(method, 100, updates=10**6, lr=0.1, **extra)
        r = T.start_run(x, 'bernoulli', None, cfg, a.device)
        g = make_generator(0, a.device); g.set_state(r.state.rng)
        runs[m] = (r, g, T.ptt_update if method == 'ptt' else T.pcd_update)
    def step(m):
        r, g, fn = runs[m]
        row = fn(r, T._next_batch(r.state, x, r.config['batch_size'], g), g); r.state.update += 1
        return row
    for _ in range(a.warmup): step('ptt'); step('ptt-pair')
    print(f"device {a.device}, torch {torch.__version__}, {torch.get_num_threads()} threads; PTT ladder after {a.warmup} updates: "
          f"{len(runs['ptt'][0].ladder)} rungs")
    labels = {'pcd': 'PCD update', 'ptt': 'PTT update, only the current model simulated (default)',
              'ptt-pair': "PTT update, the newest rung simulated too (the paper's pair, 2 sweeps)"}
    for m in ('pcd', 'ptt', 'ptt-pair'):
        stats, done, t = None, 0, 0.
        while done < a.updates:
            prof = cProfile.Profile()
            t0 = time.perf_counter(); prof.enable(); row = step(m); prof.disable(); dt = time.perf_counter() - t0
            if row.get('froze'): continue            # steady updates only
            t += dt; done += 1
            stats = pstats.Stats(prof) if stats is None else stats.add(prof)
        report(f"{labels[m]} (steady)", stats, t, done)
    r, g, _ = runs['ptt']
    prof = cProfile.Profile(); t0 = time.perf_counter(); prof.enable(); T.freeze(r, g); prof.disable()
    report(f"freeze of rung {len(r.ladder) - 1} ({r.history.rungs['sweeps'][-1]} sweeps of the levels above the reservoir)", prof,
           time.perf_counter() - t0, 1)
    prof = cProfile.Profile(); t0 = time.perf_counter(); prof.enable(); T.audit(r, g); prof.disable()
    a_row = r.history.audits
    report(f"whole-ladder thermalization of {len(r.ladder)} rungs (the paper's freeze; here an audit): {a_row['sweeps'][-1]:.0f} sweeps, "
           f"tau_exp {a_row['tau_exp'][-1]:.3g}, thermalized {bool(a_row['thermalized'][-1])}", prof, time.perf_counter() - t0, 1)


if __name__ == '__main__':
    main()
