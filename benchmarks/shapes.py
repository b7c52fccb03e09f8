"""Cost table across the studies' shapes: seconds per training update of PCD and PTT, and per freeze, for planning budgets.

For each data set (Ising L = 8 and 16 generated here; HGD, binarized MNIST, PF13354 as a Potts RBM, retina, medical
records from `ptt.data`), a PCD run and a PTT run with the library's defaults (1000 chains, 10 Gibbs sweeps, PTT's
adaptive rate from 0.01 to at most 0.1, PCD at 0.01) and the hidden units a study would use are stepped alternately for
`--updates` updates. Threads: the package's default for each shape (`ptt.threads.default_threads`), unless
OMP_NUM_THREADS or PTT_THREADS is set. Prints one row per shape: PCD s/update, PTT s/update without freezes, PTT
amortized (with its freezes), the number of freezes and their mean cost.

    python benchmarks/shapes.py [--updates 100] [--only hgd,mnist]
"""
import argparse, os, sys, time, warnings
import numpy as np
import torch
import ptt.data, ptt.train as T
from ptt.kernels import make_generator
from ptt.threads import set_threads

SHAPES = {  # name: (loader, hidden units)
    'ising L=8': (lambda: ptt.data.ising(8, 0.44, 10_000, seed=0), 16),
    'ising L=16': (lambda: ptt.data.ising(16, 0.44, 10_000, seed=0), 32),
    'hgd': (lambda: ptt.data.load_dataset('hgd'), 100),
    'mnist': (lambda: ptt.data.load_dataset('mnist'), 100),
    'pf13354 (Potts)': (lambda: ptt.data.load_dataset('pf13354'), 100),
    'retina': (lambda: ptt.data.load_dataset('retina'), 50),
    'medical': (lambda: ptt.data.load_dataset('medical'), 50),
}


def stepper(method, x, n_hidden):
    cfg = T.make_config(method, n_hidden, updates=10**6)
    xx, kind, q = T.prepare_data(x)
    run = T.start_run(xx, kind, q, cfg)
    g = make_generator(0); g.set_state(run.state.rng)
    fn = T.ptt_update if method == 'ptt' else T.pcd_update
    times, froze = [], []
    def step():
        t0 = time.perf_counter()
        row = fn(run, T._next_batch(run.state, xx, run.config['batch_size'], g), g)
        run.state.update += 1
        times.append(time.perf_counter() - t0); froze.append(bool(row.get('froze', 0.)))
    return run, step, times, froze, (kind, q, xx.shape)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--updates', type=int, default=100)
    p.add_argument('--only', help="comma-separated names (default: all)")
    a = p.parse_args()
    warnings.simplefilter('ignore')
    names = [n for n in SHAPES if not a.only or any(o.strip() in n for o in a.only.split(','))]
    print(f"torch {torch.__version__}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}, {a.updates} updates of each method")
    print(f"{'data':18} {'shape':>16} {'thr':>3} {'PCD s/upd':>10} {'PTT s/upd':>10} {'PTT amort.':>10} {'ratio':>6} {'freezes':>7} {'s/freeze':>9}")
    for name in names:
        loader, nh = SHAPES[name]
        try: x = loader()
        except (ValueError, OSError) as e: print(f"{name:18} skipped: {e}"); continue
        pcd, ptt_ = stepper('pcd', x, nh), stepper('ptt', x, nh)
        kind, q, shape = pcd[4]
        threads = set_threads(None, n_visible=shape[1], n_hidden=nh, n_states=q or 1, n_chains=1000)
        for u in range(a.updates):
            for s in ((pcd, ptt_) if u % 2 == 0 else (ptt_, pcd)): s[1]()
        steady = [t for t, f in zip(ptt_[2], ptt_[3]) if not f]
        fz = ptt_[0].history.rungs.get('seconds', [])
        pcd_s, ptt_s, amort = np.mean(pcd[2]), np.mean(steady), np.mean(ptt_[2])
        desc = f"{shape[1]}x{nh}" + (f" q={q}" if q else "")
        print(f"{name:18} {desc:>16} {threads:>3} {pcd_s:>10.4f} {ptt_s:>10.4f} {amort:>10.4f} {amort / pcd_s:>6.2f} {len(fz):>7} "
              f"{(np.mean(fz) if fz else float('nan')):>9.2f}", flush=True)


if __name__ == '__main__':
    main()
