"""The Ising study's PTT run at one point with some of `fit`'s settings changed: what the change does.

    python tools/ising_variant.py 12 0.30 '{"lr": 0.05}'        # L, beta, the settings changed (JSON)
    python tools/ising_variant.py 12 0.55 '{"centered": true}'
    python tools/ising_variant.py 12 0.30 '{"damped": 25}' large   # the gain bound damps N_h + 1 directions, not 3
    python tools/ising_variant.py 16 0.48 '{"centered": true}' huge    # a part's settings and data (default: full)
    python tools/ising_variant.py 16 0.48 nbs/results/ising46/runs/L16_beta0.480_ptt.h5 huge   # a saved run, read
    python tools/ising_variant.py 12 0.44 '{"centered": "visible"}' large   # centered on the visible units alone
    python tools/ising_variant.py 8 0.44 '{"centered": "half"}'    # offsets 1/2: an RBM with ±1 units, its gradient

Trains PTT on the point's data with the settings of the study's part named (`PARTS`; `FULL` by default) and the changes
given (without the final check, not saved; `"centered": "visible"`, not a setting of `fit`, centers the steps on the
visible units' offsets alone, the hidden offsets set to zero; `"centered": "half"`, offsets of 1/2 on both layers, which
is the plain gradient of an RBM with ±1 units up to a factor per parameter group), or reads a saved run file instead,
and prints: the rates (`lr_weights`), whether each freeze thermalized, at how many logged updates the estimated log Z
fell below its certain lower bound (a mode the chains miss), the best checkpoint's test LL (own log Z; exact up to L =
12), the last model's exact test LL, and the best checkpoint's mirror gain (`mirror_test`: what symmetrizing it would
gain, in nats, on the test set); a run that stopped before its first step, only why."""
import sys, time, json
import numpy as np
from ptt.studies.ising import PARTS, point_data, fit_settings, exact_test_ll, mirror_test
from ptt.train import fit
from ptt.run import load_run
import ptt.train
import torch

def summary(run, L:int, beta:float, test) -> dict:
    "What a PTT run at (L, beta) did: freezes, logs below the bound, best checkpoint, mirror gains, rates"
    if run.state.update == 0: return dict(L=L, beta=beta, stopped=run.state.stopped)
    logs, rates = run.history.logs, np.asarray(run.history.steps['lr_weights'])
    i = int(np.nanargmax(logs['test_ll'])); u = int(logs['update'][i])
    exact = (lambda m: exact_test_ll(m, test)) if L <= 12 else (lambda m: None)
    return dict(L=L, beta=beta, stopped=run.state.stopped, rungs=len(run.ladder),
                freezes_thermalized=[int(x) for x in run.history.rungs['thermalized']],
                below_bound=int(np.sum(np.isclose(logs['log_z'], logs['log_z_bound']))), logs=len(logs['update']),
                best_update=u, own_ll=float(logs['test_ll'][i]), exact_ll=exact(run.checkpoint(u)),
                exact_last=exact(run.model), mirror_gain=mirror_test(run.checkpoint(u), test)['gain'],
                mirror_along={v: round(mirror_test(run.checkpoint(v), test)['gain'], 3)
                              for v in (128, 256, 512, 1024, 2048) if v <= run.state.update},
                lr_max=float(rates.max()), lr_median=float(np.median(rates)), lr_end=float(rates[-1]))

# centered steps with other offsets than the data's, by name: a patch of the tool's, not a setting of `fit`
OFFSETS = {'visible': lambda mu, lam: (mu, torch.zeros_like(lam)),                        # the hidden offsets zero
           'half': lambda mu, lam: (torch.full_like(mu, 0.5), torch.full_like(lam, 0.5))}  # an RBM with ±1 units

def patch_offsets(name:str):
    "Make `fit`'s centered steps use the offsets `OFFSETS[name]` makes of the data's"
    offsets = ptt.train.data_offsets
    ptt.train.data_offsets = lambda model, data, weights=None: OFFSETS[name](*offsets(model, data, weights))

def train_variant(L:int, beta:float, changes:dict, part:str='full') -> dict:
    if changes.get('centered') in OFFSETS: patch_offsets(changes['centered'])
    s = dict(PARTS[part], ptt=dict(changes, centered=bool(changes.get('centered', False)), final_eval='none'))
    train, test = point_data(L, beta, s)
    t = time.time()
    run = fit(train, 2 * L, 'ptt', test=test, **fit_settings(s, 'ptt'))
    return dict(part=part, changes=changes, seconds=round(time.time() - t), **summary(run, L, beta, test))

def read_variant(L:int, beta:float, path:str, part:str='full') -> dict:
    return dict(part=part, run_file=path, **summary(load_run(path), L, beta, point_data(L, beta, PARTS[part])[1]))

if __name__ == '__main__':
    L, beta, what, part = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3], (sys.argv[4:5] or ['full'])[0]
    out = read_variant(L, beta, what, part) if what.endswith('.h5') else train_variant(L, beta, json.loads(what), part)
    print(json.dumps(out))
