"""Issue #46's re-runs of the studies on the new trainer defaults and larger sizes, resumable across sessions.

Each study's notebook keeps describing its saved results (made with its `FULL`) until its re-run is complete; the
re-run's settings live here and its results go to `nbs/results/<study>46/`, saved unit by unit (and, within a unit,
phase by phase), so that a session that stops loses only the phase in progress. Commit that folder at the end of a
session. When a re-run is complete, its settings become the study's `FULL`, its folder replaces the study's results,
the notebook's text is rewritten from them, and its entry leaves this file.

    python tools/rerun46.py proteins

(The Ising study's parts run from the library: `python -c "from ptt.studies.ising import run_part; run_part('huge')"`.)

Run each as `OMP_NUM_THREADS=1 python tools/rerun46.py ...`: a unit in progress keeps its finished phases (choices,
scores, AIS points) beside its results, and they are committed at the end of a session; its run files are not (tens of
MB, git-ignored), and a resumed unit that needs one trains it again, seeded, to the same run on one thread.
"""
import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the Potts RBMs trained to convergence (PTT on the library's defaults, PCD on the optimizer it had), sampled at
# equilibrium; the reference, edDCA and BFN units do not depend on these settings and are taken from the saved study.
# 20,000 updates: PTT's test LL, continued from a 3000-update run to 10,000, gained 6.9, 5.1, 3.9, 3.1, 2.5, 2.0, 1.7
# and 1.4 nats per thousand updates (a factor ~0.8 each), so some 5 nats were left at 10,000 and under one at 18,000
# max_sweeps=10,000: the 20,000-update PTT model's whole ladder (20 rungs, 200 chains, one Gibbs sweep per round) has
# tau_exp ~ 290 rounds of the rung index, so 20 tau_exp ~ 5,700 rounds; 3000 cut it off (ten Gibbs sweeps per round:
# tau_exp 226 rounds at twice the cost per round, so no help)
PROTEINS_DROP = ('lr', 'max_lr', 'adaptive', 'centered', 'lr_decay', 'final_eval')
PROTEINS = dict(updates=20_000, log_points=40, max_sweeps=10_000, ptt={},
                pcd=dict(lr=0.05, max_lr=0.2, adaptive=True, centered=True, lr_decay=0.3))

def proteins():
    import shutil
    from ptt.studies.proteins import FULL, MODELS, run_study
    folder, saved = ROOT / 'nbs/results/proteins46', ROOT / 'nbs/results/proteins'
    folder.mkdir(parents=True, exist_ok=True)
    for f in saved.iterdir():                                  # units the new settings do not touch, read back as saved
        unit = f.stem.split('.')[0]
        if unit in ('reference', 'eddca', 'bfn', 'bfn_4k', 'bfn_16k') and not (folder / f.name).exists():
            shutil.copy2(f, folder / f.name)
    s = {k: v for k, v in FULL.items() if k not in PROTEINS_DROP} | PROTEINS
    run_study(s, folder, folder / 'runs', models=MODELS, progress=True)     # ptt_long: its own process

if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('study', choices=('proteins',))
    p.parse_args()
    proteins()
