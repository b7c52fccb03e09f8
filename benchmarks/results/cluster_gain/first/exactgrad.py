"""HGD N_h=16 trained with the EXACT negative phase (hidden states enumerated) and PTT's adaptive rate: does the cluster weight oscillate without any chains?"""
import sys, os, json, time, torch, numpy as np
from ptt.rbm import BernoulliRBM
from ptt.optim import AdaptiveLR, _moments, _combine
from ptt.exact import enumerate_states, log_partition
from ptt.studies.hgd import study_data, FULL, knn_labels
from ptt.kernels import make_generator
sys.path.insert(0, '/work/lag-exp'); from stiff import stiffness
CAP = float(os.environ.get('CAP', '0')); su = None
torch.set_num_threads(1)
name, updates, max_lr = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
adaptive = max_lr > 0.01
data = study_data(FULL); tr, lab = data['train'], data['train_continent']
g = make_generator(0)
m = BernoulliRBM.from_data(tr, 16, std=1e-2, generator=g)
H = enumerate_states(16).float()
opt = AdaptiveLR(lr=min(0.01, max_lr), max_lr=max_lr if adaptive else min(0.01, max_lr), min_lr=1e-7, adaptive=adaptive)
def exact_neg(m):
    global last_p
    lw = -m.hidden_free_energy(H).double(); p = (lw - lw.logsumexp(0)).exp(); last_p = p
    ps, idx = p.sort(descending=True); keep = int((ps.cumsum(0) < 1 - 1e-7).sum()) + 1
    p, Hk = (ps[:keep] / ps[:keep].sum()).float(), H[idx[:keep]]
    pv = m.visible_probs(Hk)                       # the states that carry all but 1e-7 of the mass
    return (pv * p[:, None]).T @ Hk, p @ pv, p @ Hk
def exact_afr(m, n=3000):
    lw = -m.hidden_free_energy(H).double()
    h = H[torch.multinomial((lw - lw.max()).exp(), n, replacement=True, generator=g)]
    return float((knn_labels(m.sample_visible(h, g), tr, lab, 10) == 'AFR').mean())
order, pos, t0, rows = torch.randperm(len(tr), generator=g), 0, time.time(), []
for u in range(1, updates + 1):
    if pos + 1000 > len(tr): order, pos = torch.randperm(len(tr), generator=g), 0
    batch = tr[order[pos:pos + 1000]]; pos += 1000
    grads = _combine(m, _moments(m, batch), exact_neg(m))
    rates = opt.update(grads)
    if CAP:
        h = H[torch.multinomial(last_p.float(), 1000, replacement=True, generator=g)]; xs = m.sample_visible(h, g)
        mu, su = stiffness(m, xs, rates, iters=10 if su is None else 2, u=su)
        if mu > CAP: opt.rates = rates = {k: r * CAP / mu for k, r in rates.items()}
    m = BernoulliRBM(*(p + rates[k] * gr for k, p, gr in zip(('weights', 'vbias', 'hbias'), m.params, grads)))
    if u % 10 == 0:
        lz = log_partition(m).item()
        ll = (-m.free_energy(data['test']).double().mean() - lz).item()
        rows.append(dict(update=u, model=exact_afr(m), lr=rates['weights'], test_ll=ll, seconds=time.time() - t0)); print(json.dumps(rows[-1]), flush=True)
json.dump(rows, open(f'/work/lag-exp/{name}.json', 'w'))
