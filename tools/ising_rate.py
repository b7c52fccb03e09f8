"""The Ising study's PTT with another starting rate (and so another floor for the sign rule), at one point.

    python tools/ising_rate.py 12 0.30 0.05       # L, beta, lr: the study's data, seed and settings otherwise

Trains PTT as the study's `FULL` does (`fit`'s defaults) but with `lr` (the sign rule's floor is the starting rate),
without the final check, and prints its best checkpoint's test LL (own log Z, and exact up to L = 12) and its rates."""
import sys, time, json
import numpy as np
from ptt.studies.ising import FULL, point_data, fit_settings, exact_test_ll
from ptt.train import fit

def train_at_rate(L:int, beta:float, lr:float) -> dict:
    s = dict(FULL, ptt=dict(lr=lr, final_eval='none'))
    train, test = point_data(L, beta, s)
    t = time.time()
    run = fit(train, 2 * L, 'ptt', test=test, **fit_settings(s, 'ptt'))
    logs, rates = run.history.logs, np.asarray(run.history.steps['lr_weights'])
    i = int(np.nanargmax(logs['test_ll'])); u = int(logs['update'][i])
    return dict(L=L, beta=beta, lr=lr, seconds=time.time() - t, best_update=u, own_ll=float(logs['test_ll'][i]),
                exact_ll=exact_test_ll(run.checkpoint(u), test) if L <= 12 else None,
                lr_max=float(rates.max()), lr_median=float(np.median(rates)), lr_end=float(rates[-1]))

if __name__ == '__main__':
    L, beta, lr = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    print(json.dumps(train_at_rate(L, beta, lr)))
