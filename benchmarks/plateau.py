"""PTT on HGD (N_h = 16) as in the LL benchmark's 1000-s run (fixed rate, 1000 chains, seed 0, same split), with another minibatch size or rate.

Usage: python benchmarks/plateau.py BATCH_SIZE UPDATES LR [OUT.json]. Prints the exact train/test LL (nats) of every checkpoint (every 100 updates)."""
import sys, json, time, torch, warnings
import ptt, ptt.data, ptt.exact
from ptt import train as T
torch.set_num_threads(1)
bs, updates, lr = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
x, *_ = ptt.data.hgd(); train, test = ptt.data.split(x, 0.4, seed=0)
t0 = time.time()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    r = T.fit(train, 16, 'ptt', test=test, n_chains=1000, seed=0, lr=lr, max_lr=lr, lr_floor=lr, gibbs_steps=10, batch_size=bs, updates=updates,
              log_every=100, final_eval='none', progress=False)
print('train seconds', round(time.time() - t0), 'rungs', len(r.ladder), 'warnings', sorted({str(w.message)[:120] for w in caught}))
rows = []
for u, m in r.checkpoints:
    lz = ptt.exact.log_partition(m).item()
    rows.append((int(u), round(ptt.exact.log_likelihood(m, train, lz).item(), 2), round(ptt.exact.log_likelihood(m, test, lz).item(), 2)))
print(rows)
json.dump(rows, open(sys.argv[4] if len(sys.argv) > 4 else f'plateau_bs{bs}_lr{lr}.json', 'w'))
