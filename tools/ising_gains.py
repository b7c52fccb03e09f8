"""Why the gain bound holds plain-gradient PTT's rate low on the hot Ising lattices: the spectrum of the step's gains.

A gradient step of rate r along a unit direction u changes the model's log-likelihood curvature by r * u'Cu, where C is
the covariance of the statistics (vh', v, h) under the model (`ptt.optim.covariance_times`). The trainer keeps that
gain at most `max_gain` (1) along every direction but the `damped` (3) stiffest, which it damps: so the rate is capped
at max_gain / lambda_4, the fourth eigenvalue of C. This prints the leading eigenvalues of C at each saved PTT model of
the study (sampled from its own Gibbs chains, started from the training data), in the plain parametrization and
centered on the data's means, and the cap on the rate they imply.

    cd nbs && python ../tools/ising_gains.py 8 0.30 12 0.30 16 0.30 12 0.48     # L beta pairs
"""
import sys
import torch
from ptt.studies.ising import load_models, point_data, FULL
from ptt.optim import stiff_directions

K, ITERS, N, SWEEPS = 40, 60, 4000, 200

def model_samples(m, train, g):
    "N configurations from `m` by SWEEPS Gibbs sweeps from training data (hot models: far more than they need)"
    v = train[torch.randperm(len(train), generator=g)[:N]]
    for _ in range(SWEEPS): v = m.sample_visible(m.sample_hidden(v, g), g)
    return v

def spectrum(m, v, offsets=None, g=None) -> list:
    "The K leading eigenvalues of C at samples `v` (block power iteration), largest first"
    ones = dict(weights=1., vbias=1., hbias=1.)
    gains, _ = stiff_directions(m, v, ones, iters=ITERS, k=K, offsets=offsets, generator=g)
    return sorted(gains, reverse=True)

args = sys.argv[1:]
for L, beta in zip(map(int, args[::2]), map(float, args[1::2])):
    g = torch.Generator().manual_seed(0)
    m = load_models('results/ising', L, beta)['ptt'].to(dtype=torch.float64)
    train = point_data(L, beta, FULL)[0].double()
    v = model_samples(m, train, g)
    offsets = (train.mean(0), m.hidden_probs(train).mean(0))
    for name, off in (('plain', None), ('centered', offsets)):
        lam = spectrum(m, v, off, g)
        big = sum(x > lam[0] / 2 for x in lam)
        print(f"L={L:>2} beta={beta:.2f} {name:>8}: lambda_1..4 {', '.join(f'{x:.1f}' for x in lam[:4])}; "
              f"{big} of {K} within a factor 2 of lambda_1 (N_h = {m.n_hidden}); lambda_{K} {lam[-1]:.2f}; "
              f"rate cap 1/lambda_4 = {1 / lam[3]:.4f}")
