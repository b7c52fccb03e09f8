"""Does the current model's cluster weight run ahead of its training chains? HGD, exact sampling (N_h <= 16).
usage: python lag.py NAME N_H UPDATES key=value ...   (config overrides for fit)"""
import sys, json, time, math, torch, numpy as np
from ptt.train import fit
from ptt.exact import enumerate_states
from ptt.studies.hgd import study_data, FULL, knn_labels
from ptt.kernels import make_generator
torch.set_num_threads(1)
name, nh, updates = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
over = {}
import os
if os.environ.get('ROUNDS'):
    import rounds; rounds.MAX_ROUNDS[0] = int(os.environ['ROUNDS']); rounds.FACTOR[0] = float(os.environ.get('FACTOR', '1'))
for kv in sys.argv[4:]:
    k, v = kv.split('='); over[k] = json.loads(v) if v[0] in '0123456789-[{tf' and v not in ('local','full') else v
data = study_data(FULL)
tr, lab = data['train'], data['train_continent']
H = enumerate_states(nh).float()
g = make_generator(123)
def afr(x): return float((knn_labels(x, tr, lab, 10) == 'AFR').mean())
def exact_afr(m, n=3000):
    lw = -m.hidden_free_energy(H).double()
    h = H[torch.multinomial((lw - lw.max()).exp(), n, replacement=True, generator=g)]
    return afr(m.sample_visible(h, g))
rows, t0 = [], time.time()
def cb(run):
    u = run.state.update
    if u % 10 and u != updates: return
    rows.append(dict(update=u, seconds=time.time() - t0, chains=afr(run.state.chains[-1]), model=exact_afr(run.model),
                     rungs=len(run.ladder) if run.ladder is not None else 0, lr=run.state.opt.rates['weights']))
    r = rows[-1]; print(json.dumps(r), flush=True)
cfg = dict(n_chains=1000, updates=updates, lr=0.01, seed=0, log_every=max(1, updates // 20), final_eval='none', progress=False, threads=1, centered=False)
cfg.update(over)
run = fit(tr, nh, cfg.pop('method', 'ptt'), test=data['test'], callback=cb, **cfg)
L = run.history.logs
import statistics
try:
    import rounds as _r; print('rounds', statistics.mean(r for _, r in _r.STATS), 'ess', statistics.mean(e for e, _ in _r.STATS))
except Exception: pass
print('FINAL', json.dumps(dict(name=name, over=over, seconds=time.time() - t0, test_ll=L['test_ll'][-1], rungs=len(run.ladder) if run.ladder is not None else 0,
      mean_abs_gap=float(np.mean([abs(r['chains'] - r['model']) for r in rows[len(rows)//2:]])), data_test_afr=float((data['test_continent'] == 'AFR').mean()))))
json.dump(rows, open(f'/work/lag-exp/{name}.json', 'w'))
