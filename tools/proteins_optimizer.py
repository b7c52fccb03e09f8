"""What holds PTT's rate low on the protein family: 1000 PTT updates on the full PF13354 split (the proteins study's
`FULL` data and sizes, seed 0) with fit's defaults, without the gain bound, and with PCD's optimizer; test LL by
PTT's own log Z along the way. About 8 minutes a variant on one core.

    OMP_NUM_THREADS=1 python tools/proteins_optimizer.py [VARIANT ...]      # default: all three

Measured 2026-11-29 (test LL at update 1000; rate: median of the last 250 updates): defaults -362.96 (the study's
saved run; rate 0.024 over its first 1000 updates); max_gain=0 -383.91 (rate 0.009); PCD's optimizer (centered steps
from 0.05, max 0.2, no gain bound) -351.73 (rate 0.050). Centered steps, not the gain bound, let the sign rule keep a
higher rate on this data.
"""
import sys, tempfile, time
import numpy as np
from ptt.studies.proteins import FULL, family, train_rbm

VARIANTS = dict(defaults={}, no_gain_bound=dict(max_gain=0),
                pcd_optimizer=dict(lr=0.05, max_lr=0.2, adaptive=True, centered=True, max_gain=0))

def run(name:str, ctx:dict, updates:int=1000):
    "Train PTT as the study does (`train_rbm`) with `updates` and the variant's optimizer; print how it went"
    t0, s = time.perf_counter(), dict(FULL, updates=updates, log_points=max(1, updates // 250), ptt=VARIANTS[name])
    with tempfile.TemporaryDirectory() as work:
        r = train_rbm('ptt', ctx, s, work)
        logs, lr = r.history.logs, r.history.steps['lr_weights']
        curve = ', '.join(f"{int(u)}: {t:.2f}" for u, t in zip(logs['update'], logs['test_ll']) if u % 250 == 0)
        print(f"{name}: test LL {curve}; rate {np.median(lr[-250:]):.3f}; {len(r.ladder)} rungs; "
              f"{time.perf_counter() - t0:.0f} s", flush=True)

if __name__ == '__main__':
    names = sys.argv[1:] or list(VARIANTS)
    bad = [n for n in names if n not in VARIANTS]
    if bad: sys.exit(f"unknown variant(s) {', '.join(bad)}: choose from {', '.join(VARIANTS)}")
    ctx = family(FULL)
    for n in names: run(n, ctx)
