"""Why PTT's steps on HGD cannot be as long as PCD's: the stiff directions of a plateau model.

Trains PTT at a fixed rate on HGD (16 hidden units) to `--updates`, then, with exact samples of the model (hidden layer
enumerated), measures the covariance spectrum a step of rate `--lr` meets (its gains, `ptt.optim.stiff_directions`), and
the ESS/n of the exact-gradient step and of a noisy one (a batch of 1000 rows, 1000 samples) with its k stiffest
directions damped to gain 1 (`ptt.optim.damp_direction`), beside the exact test log-likelihood each step reaches.

    python tools/stiff_spectrum.py [--updates 1500] [--lr 0.01] [--k 20]
"""
import argparse, sys, time
from pathlib import Path
import torch
sys.path.insert(0, 'benchmarks'); sys.path.insert(0, 'tools')
from exact_ascent import exact_model_moments
from step_overlap import ess
from ptt.exact import exact_samples
import ptt.data, ptt.exact
from ptt.train import fit
from ptt.kernels import make_generator
from ptt.optim import _moments, _combine, stiff_directions, damp_direction, GROUPS


def exact_ll(model, test) -> float:
    return ptt.exact.log_likelihood(model, test, ptt.exact.log_partition(model).item()).item()


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--updates', type=int, default=1500); p.add_argument('--lr', type=float, default=0.01)
    p.add_argument('--k', type=int, default=20); p.add_argument('--samples', type=int, default=20000)
    p.add_argument('--run', default='/tmp/plateau.h5')
    a = p.parse_args()
    torch.set_num_threads(2)
    train, test = ptt.data.split(ptt.data.hgd()[0], 0.4, seed=0)
    run = fit(train, 16, 'ptt', test=test, n_chains=1000, updates=a.updates, seed=0, adaptive=False, lr=0.01, final_eval='none',
              out=a.run, resume='auto', progress=False)
    model, g = run.model, make_generator(3)
    print(f"PTT at fixed 0.01 to update {run.state.update}: test LL {exact_ll(model, test):.2f}, rate now {run.state.opt.rates}")
    x = exact_samples(model, a.samples, g)
    neg = exact_model_moments(model)
    exact = _combine(model, _moments(model, train), neg)
    rates = {k: a.lr for k in GROUPS}
    t0 = time.time()
    gains, dirs = stiff_directions(model, x, rates, iters=30, k=a.k, generator=g)
    print(f"gains of a step at {a.lr} along the {a.k} stiffest directions ({time.time() - t0:.0f} s): " + " ".join(f"{v:.2f}" for v in gains))
    def noisy():
        b = train[torch.randperm(len(train), generator=g)[:1000]]
        return _combine(model, _moments(model, b), _moments(model, exact_samples(model, 1000, g)))
    def damped(grads, k):
        for gain, u in zip(gains[:k], dirs[:k]):
            if gain > 1: grads = damp_direction(grads, rates, u, 1 / gain)
        return grads
    base = exact_ll(model, test)
    print(f"| damped | ESS/n exact step | ESS/n noisy step (mean of 3) | test LL change, exact step |")
    print("|---|---|---|---|")
    for k in (0, 1, 2, 5, 10, a.k):
        d = damped(exact, k)
        step = tuple(a.lr * t for t in d)
        new = type(model)(*(q + s for q, s in zip(model.params, step)))
        noisy_ess = sum(ess(model, tuple(a.lr * t for t in damped(noisy(), k)), x) for _ in range(3)) / 3
        print(f"| {k} | {ess(model, step, x):.3f} | {noisy_ess:.3f} | {exact_ll(new, test) - base:+.3f} |", flush=True)

if __name__ == '__main__': main()
