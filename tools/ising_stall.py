"""Where centered PTT stalls on the Ising study's L = 8, beta = 0.44 point: the exact gradient of the training LL at the
saved PTT models (plain and centered), exact ascent along it, and the models' weights per hidden unit.

    cd nbs && python ../tools/ising_stall.py
"""
import torch
from ptt.studies.ising import load_models, point_data, FULL
from ptt.exact import log_likelihood as exact_ll     # differentiable in the model's parameters

L, beta = 8, 0.44
train = point_data(L, beta, FULL)[0].double()
for name, folder in (('plain', 'results/ising'), ('centered', 'results/ising/centered')):
    m = load_models(folder, L, beta)['ptt'].to(dtype=torch.float64)
    params = (m.weights, m.vbias, m.hbias)
    for p in params: p.requires_grad_(True)
    ll = exact_ll(m, train)
    grads = torch.autograd.grad(ll, params)
    print(name, f"train LL {ll.item():.4f}", 'grad norms W %.4g a %.4g b %.4g' % tuple(g.norm().item() for g in grads))
    with torch.no_grad():                                        # exact ascent along the exact gradient
        for eta in (0.01, 0.05, 0.2, 1.0):
            for p, g in zip(params, grads): p.add_(eta * g)
            print(f"   step {eta}: train LL {exact_ll(m, train).item() - ll.item():+.4f}")
            for p, g in zip(params, grads): p.sub_(eta * g)
        print('   hidden mean activity', [round(v, 2) for v in torch.sigmoid(train @ m.weights + m.hbias).mean(0).tolist()])
        print('   |W| per hidden unit', [round(v, 2) for v in m.weights.norm(dim=0).tolist()])
