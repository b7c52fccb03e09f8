"""The Ising study at equal wall-clock: PTT's test LL at the moment PCD finished its training, against PCD's best.

    python tools/ising_clock.py nbs/results/ising      # needs the points' run files, in runs/ beside them

Each run's own clock (`history.logs['seconds']`): PCD's at its last update; PTT's logged checkpoint at or before that
time, scored by PTT's own log Z (the training's), and the best PTT reached by then. PCD's best is its best scored
checkpoint (exact up to L = 12; the point's JSON)."""
import sys
from pathlib import Path
import numpy as np
from ptt.run import load_run
from ptt.studies.ising import load_study, run_file

def at_pcd_clock(folder, r:dict) -> dict | None:
    "PTT's test LL when its clock reached PCD's whole training time, for the saved point `r` (None without run files)"
    files = {m: run_file(Path(folder) / 'runs', r['L'], r['beta'], m) for m in ('ptt', 'pcd')}
    if not all(f.exists() for f in files.values()): return None
    ptt, pcd = (load_run(files[m]).history.logs for m in ('ptt', 'pcd'))
    t_pcd, t_ptt = pcd['seconds'][-1], np.asarray(ptt['seconds'])
    i = max(int(np.searchsorted(t_ptt, t_pcd, side='right')) - 1, 0)
    return dict(pcd_seconds=t_pcd, ptt_seconds=float(t_ptt[-1]), update=int(ptt['update'][i]),
                ptt_ll=float(np.max(ptt['test_ll'][:i + 1])), pcd_best=max(r['pcd']['curve']['test_ll']))

if __name__ == '__main__':
    folder = sys.argv[1] if len(sys.argv) > 1 else 'nbs/results/ising'
    for r in load_study(folder):
        c = at_pcd_clock(folder, r)
        if c is None: print(f"L={r['L']:>2} β={r['beta']:.2f}: no run files"); continue
        print(f"L={r['L']:>2} β={r['beta']:.2f}: PCD's 3000 updates {c['pcd_seconds']:.0f} s, best {c['pcd_best']:.2f}; "
              f"PTT by then (update {c['update']}) {c['ptt_ll']:.2f} ({c['ptt_ll'] - c['pcd_best']:+.2f}); "
              f"PTT's training {c['ptt_seconds']:.0f} s")
