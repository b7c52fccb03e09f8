"""The Ising study at equal wall-clock, measured afresh on an idle machine: PTT's test LL when its training has taken as
long as PCD's whole training, against PCD's best.

    OMP_NUM_THREADS=1 python tools/ising_equal_clock.py 16 0.48 huge      # L, beta, the study's part (default: full)

For points whose run files' clocks cannot be compared (runs paused, resumed across sessions, or beside other work).
Trains PCD with the part's settings for its whole run, then PTT with the same settings until its own clock (seconds of
training updates, freezes included, evaluations not) passes PCD's: both from scratch, one after the other, on the
point's data, not saved. Prints PCD's seconds, and PTT's test LL (its own log Z, raised to the certain bound) at each
logged update on the way, the update it reached in PCD's time, and the best it had by then; against PCD's best
checkpoint as the saved point has it (`nbs/results/ising`, or the folder given as a fourth argument)."""
import json, sys, time, warnings
import numpy as np
from ptt.studies.ising import PARTS, point_data, fit_settings, point_file, part_folder
from ptt.train import fit

def clock_callback(limit:float):
    "A `fit` callback that stops training once the run's own clock passes `limit` seconds"
    def stop(run):
        if run.state.seconds > limit: raise KeyboardInterrupt
    return stop

def main(L:int, beta:float, part:str='full', folder:str='nbs/results/ising'):
    s = dict(PARTS[part], Ls=(L,), betas=(beta,))
    train, test = point_data(L, beta, s)
    warnings.simplefilter('ignore')
    t = time.perf_counter()
    pcd = fit(train, 2 * L, 'pcd', test=test, **fit_settings(s, 'pcd'))
    t_pcd = pcd.state.seconds
    print(f"L={L} β={beta:.2f} ({part}): PCD's {pcd.state.update} updates took {t_pcd:.1f} s of training "
          f"({time.perf_counter() - t:.0f} s with its evaluations)", flush=True)
    ptt = fit(train, 2 * L, 'ptt', test=test, callback=clock_callback(t_pcd), **fit_settings(s, 'ptt'))
    logs = ptt.history.logs
    ups, secs, lls = (np.asarray(logs[k], dtype=float) for k in ('update', 'seconds', 'test_ll'))
    within = secs <= t_pcd
    for u, sec, ll in zip(ups, secs, lls): print(f"  PTT update {u:5.0f} at {sec:7.1f} s: test LL {ll:9.2f}")
    best = float(np.nanmax(lls[within])) if within.any() else float('nan')
    f = point_file(part_folder(part, folder), L, beta)
    pcd_best = json.loads(f.read_text())['pcd']['test_ll'] if f.exists() else float('nan')
    print(f"PTT in PCD's {t_pcd:.1f} s: {ptt.state.update} updates, best logged test LL {best:.2f} "
          f"(own log Z); PCD's best (saved point) {pcd_best:.2f}: PTT {best - pcd_best:+.2f}")

if __name__ == '__main__':
    a = sys.argv[1:]
    if len(a) < 2: sys.exit(__doc__)
    main(int(a[0]), float(a[1]), *a[2:])
