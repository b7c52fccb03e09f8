"""Issue #46's re-runs of the studies on the new trainer defaults and larger sizes, resumable across sessions.

Each study's notebook keeps describing its saved results (made with its `FULL`) until its re-run is complete; the
re-run's settings live here and its results go to `nbs/results/<study>46/`, saved unit by unit (and, within a unit,
phase by phase), so that a session that stops loses only the phase in progress. Commit that folder at the end of a
session. When a re-run is complete, its settings become the study's `FULL`, its folder replaces the study's results,
the notebook's text is rewritten from them, and its entry leaves this file.

    python tools/rerun46.py ising --part full     # full, large, huge, ladders, centered, centered_large: one a process
    python tools/rerun46.py proteins

Run each as `OMP_NUM_THREADS=1 python tools/rerun46.py ...`: a unit in progress keeps its finished phases (choices,
scores, AIS points) beside its results, and they are committed at the end of a session; its run files are not (tens of
MB, git-ignored), and a resumed unit that needs one trains it again, seeded, to the same run on one thread.
"""
import argparse, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# 50,000 configurations a point; PTT on the library's defaults, PCD on its tuned rate, centered and decayed; L = 20 on
# both sides of β_c; the rungs-against-temperatures panel (PTT alone) over β at L = 16 and 20; and PTT with centered
# steps (what `ptt train` gives Ising data) at L <= 8 and at L = 12, β = 0.30, set beside the defaults
ISING_DROP = ('lr', 'max_lr', 'centered', 'lr_decay', 'therm_gibbs_steps')   # the shared optimizer, now per method
ISING = dict(n_data=50_000, ptt={}, pcd=dict(lr=0.05, centered=True, lr_decay=0.3))
CENTERED = dict(ptt=dict(centered=True))
ISING_PARTS = dict(full={}, large=dict(Ls=(12,), betas=(0.30, 0.40, 0.44, 0.48, 0.55), pcd_exact_checkpoints=12),
                   huge=dict(Ls=(16, 20), betas=(0.30, 0.48), pcd_exact_checkpoints=12),
                   ladders=dict(Ls=(16, 20), betas=(0.40, 0.44, 0.55), pcd_exact_checkpoints=12, methods=('ptt',)))
ISING_PARTS |= dict(centered=CENTERED,
                    centered_large=dict(ISING_PARTS['large'], betas=(0.30,), methods=('ptt',)) | CENTERED)
ISING_FOLDERS = dict(ladders='ladders', centered='centered', centered_large='centered')  # parts in folders of their own

def ising(part:str):
    from ptt.studies.ising import FULL, run_study
    s = {k: v for k, v in FULL.items() if k not in ISING_DROP} | ISING | ISING_PARTS[part]
    folder = ROOT / 'nbs/results/ising46' / ISING_FOLDERS.get(part, '')
    run_study(s, folder, work=folder / 'runs')                # a part of its own folder trains its own runs

# the Potts RBMs trained ten times longer (PTT on the library's defaults, PCD on the optimizer it had), sampled within
# 3000 sweeps; the reference, edDCA and BFN units do not depend on these settings and are taken from the saved study
PROTEINS_DROP = ('lr', 'max_lr', 'adaptive', 'centered', 'lr_decay', 'final_eval')
PROTEINS = dict(updates=3000, log_points=30, max_sweeps=3000, ptt={},
                pcd=dict(lr=0.05, max_lr=0.2, adaptive=True, centered=True, lr_decay=0.3))

def proteins():
    import shutil
    from ptt.studies.proteins import FULL, run_study
    folder, saved = ROOT / 'nbs/results/proteins46', ROOT / 'nbs/results/proteins'
    folder.mkdir(parents=True, exist_ok=True)
    for f in saved.iterdir():                                  # units the new settings do not touch, read back as saved
        unit = f.stem.split('.')[0]
        if unit in ('reference', 'eddca', 'bfn', 'bfn_4k', 'bfn_16k') and not (folder / f.name).exists():
            shutil.copy2(f, folder / f.name)
    s = {k: v for k, v in FULL.items() if k not in PROTEINS_DROP} | PROTEINS
    run_study(s, folder, folder / 'runs', progress=True)

if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('study', choices=('ising', 'proteins'))
    p.add_argument('--part', choices=tuple(ISING_PARTS), help="the Ising study's part")
    a = p.parse_args()
    if a.study == 'ising':
        if a.part is None: sys.exit(f"ising: say which part (--part {', '.join(ISING_PARTS)})")
        ising(a.part)
    else: proteins()
