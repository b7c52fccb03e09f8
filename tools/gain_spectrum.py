"""Why the gain bound holds plain-gradient PTT's rate low on large, hot models: the spectrum of a step's gains.

Along a unit direction u, a gradient step of rate r has the gain r * u'Cu, where C, the covariance of the statistics
(vh', v, h) under the model (`ptt.optim.covariance_times`), stands for the log-likelihood's curvature. The trainer keeps
that gain at most `max_gain` (1) along every direction but the `damped` (3) stiffest, which it damps: so the rate is
capped at max_gain / lambda_4, the fourth eigenvalue of C. This prints the leading eigenvalues of C at saved PTT models,
in the plain parametrization and centered on the samples' means, and the cap on the rate they imply.

    cd nbs && python ../tools/gain_spectrum.py ising 8 0.30 12 0.30 16 0.30 12 0.48   # the Ising study's models
    cd nbs && python ../tools/gain_spectrum.py proteins ptt pcd                       # the protein study's RBMs

Ising models are sampled by Gibbs chains started from their training data (200 sweeps: hot models need far fewer);
the protein study's RBMs by their saved equilibrium samples.
"""
import sys
import torch
from ptt.optim import stiff_directions, data_offsets
from ptt.kernels import gibbs

K, ITERS, N, SWEEPS = 40, 60, 4000, 200

def spectrum(m, v, offsets=None, g=None) -> list:
    "The K leading eigenvalues of C at samples `v` (block power iteration), largest first"
    ones = dict(weights=1., vbias=1., hbias=1.)
    gains, _ = stiff_directions(m, v, ones, iters=ITERS, k=K, offsets=offsets, generator=g)
    return sorted(gains, reverse=True)

def report(name:str, m, v, g):
    "One line per parametrization: the leading eigenvalues, how many cluster near the largest, the rate cap"
    offsets = data_offsets(m, v)
    for how, off in (('plain', None), ('centered', offsets)):
        lam = spectrum(m, v, off, g)
        big = sum(x > lam[0] / 2 for x in lam)
        print(f"{name} {how:>8}: lambda_1..4 {', '.join(f'{x:.1f}' for x in lam[:4])}; {big} of {K} within a "
              f"factor 2 of lambda_1 (N_h = {m.n_hidden}); lambda_{K} {lam[-1]:.2f}; rate cap 1/lambda_4 = "
              f"{1 / lam[3]:.4f}", flush=True)

def ising(args):
    from ptt.studies.ising import load_models, point_data, FULL
    for L, beta in zip(map(int, args[::2]), map(float, args[1::2])):
        g = torch.Generator().manual_seed(0)
        m = load_models('results/ising', L, beta)['ptt'].to(dtype=torch.float64)
        v = point_data(L, beta, FULL)[0].double()
        v = v[torch.randperm(len(v), generator=g)[:N]]
        v = gibbs(m, v, SWEEPS, g)
        report(f"L={L:>2} beta={beta:.2f}", m, v, g)

def proteins(names):
    from ptt.studies.proteins import load_model, load_arrays
    for name in names:
        g = torch.Generator().manual_seed(0)
        m = load_model('results/proteins', name).to(dtype=torch.float64)
        v = load_arrays('results/proteins', name)['samples'].long()
        report(f"proteins {name.upper()}", m, v, g)

if __name__ == '__main__':
    what, args = sys.argv[1], sys.argv[2:]
    dict(ising=ising, proteins=proteins)[what](args)
