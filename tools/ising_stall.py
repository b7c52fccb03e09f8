"""Where centered PTT stalls on the Ising study's L = 8, beta = 0.44 point: the exact gradient of the training LL at the
saved PTT models (plain and centered), exact ascent along it, and the models' weights per hidden unit.

    cd nbs && python ../tools/ising_stall.py
"""
import torch, json
from ptt.studies.ising import load_models, point_data, FULL
from ptt.exact import log_partition
torch.set_default_dtype(torch.float64)
L, beta = 8, 0.44
train, test = point_data(L, beta, FULL)
train, test = train.double(), test.double()
def exact_ll_and_grad(model, x):
    m = model.to(dtype=torch.float64)
    params = [p for p in (m.weights, m.vbias, m.hbias)]
    for p in params: p.requires_grad_(True)
    ll = (-m.free_energy(x)).mean() - log_partition(m)
    g = torch.autograd.grad(ll, params)
    return m, ll.item(), g
for name, folder in (('plain', 'results/ising'), ('centered', 'results/ising/centered')):
    model = load_models(folder, L, beta)['ptt']
    m, ll, g = exact_ll_and_grad(model, train)
    print(name, 'train LL', round(ll, 4), 'grad norms W %.4g a %.4g b %.4g' % tuple(t.norm().item() for t in g))
    # exact ascent along the exact gradient: does any step improve?
    with torch.no_grad():
        base = [p.detach().clone() for p in (m.weights, m.vbias, m.hbias)]
    for eta in (0.01, 0.05, 0.2, 1.0):
        with torch.no_grad():
            for p, b0, gi in zip((m.weights, m.vbias, m.hbias), base, g): p.copy_(b0 + eta * gi)
        ll2 = ((-m.free_energy(train)).mean() - log_partition(m)).item()
        print(f"   step {eta}: train LL {ll2:.4f} ({ll2 - ll:+.4f})")
    with torch.no_grad():
        for p, b0 in zip((m.weights, m.vbias, m.hbias), base): p.copy_(b0)
    h = torch.sigmoid(train @ m.weights + m.hbias) if m.weights.shape[0] == train.shape[1] else None
    if h is not None: print('   hidden mean activity', [round(v, 2) for v in h.mean(0).tolist()])
    print('   |W| per hidden unit', [round(v, 2) for v in m.weights.norm(dim=0).tolist()])
