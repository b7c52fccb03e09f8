"""How far one training step moves an RBM's distribution on HGD (16 hidden units), and which part of the step does it:
the exact gradient's drift, the minibatch's noise or the chains' noise. Exact samples of the model (the hidden layer
enumerated, then the visible layer drawn given it) measure each step's importance-weight ESS/n from one model to the next,
the quantity PTT's `min_ess` check reads from its chains.

    python tools/step_overlap.py [--updates 1000] [--samples 20000]
"""
import argparse, sys, time
import torch
sys.path.insert(0, 'benchmarks')
from exact_ascent import exact_model_moments
import ptt.data
from ptt.rbm import BernoulliRBM
from ptt.kernels import make_generator
from ptt.exact import exact_samples, log_partition
from ptt.optim import _moments, _combine


def ess(model, step, x) -> float:
    "ESS/n of reweighting samples `x` of `model` to `model + step`"
    new = type(model)(*(q + d for q, d in zip(model.params, step)))
    lw = (model.free_energy(x) - new.free_energy(x)).double()
    w = (lw - lw.max()).exp()
    return (w.sum() ** 2 / (len(w) * (w ** 2).sum())).item()


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--updates', type=int, default=1000); p.add_argument('--samples', type=int, default=20000)
    p.add_argument('--lr', type=float, default=0.01); p.add_argument('--draws', type=int, default=5)
    a = p.parse_args()
    torch.set_num_threads(2)
    train, test = ptt.data.split(ptt.data.hgd()[0], 0.4, seed=0)
    model, g = BernoulliRBM.from_data(train, 16, std=1e-2, generator=make_generator(0)), make_generator(1)
    t0 = time.time()
    for u in range(a.updates):                      # exact ascent to the plateau
        model = type(model)(*(q + a.lr * d for q, d in zip(model.params, _combine(model, _moments(model, train), exact_model_moments(model)))))
    lz = log_partition(model).item()
    print(f"exact ascent at {a.lr} to update {a.updates} ({time.time() - t0:.0f} s): test LL {ptt.exact.log_likelihood(model, test, lz).item():.2f}")
    x = exact_samples(model, a.samples, g)
    neg = exact_model_moments(model)
    print(f"check of the sampler: |mean v - exact| max {(x.mean(0) - neg[1]).abs().max():.4f} (sd of a mean ~{(0.25 / a.samples) ** .5:.4f})")
    exact = _combine(model, _moments(model, train), neg)
    def noisy(batch=None, chains=None):
        pos = _moments(model, train if batch is None else train[torch.randperm(len(train), generator=g)[:batch]])
        return _combine(model, pos, neg if chains is None else _moments(model, exact_samples(model, chains, g)))
    kinds = dict(exact=lambda: exact, batch=lambda: noisy(batch=1000), chains=lambda: noisy(chains=1000),
                 both=lambda: noisy(batch=1000, chains=1000))
    kinds['noise only'] = lambda: tuple(n - e for n, e in zip(noisy(batch=1000, chains=1000), exact))
    print("ESS/n of one step (mean over draws) | lr: " + "  ".join(f"{lr:g}" for lr in (0.001, 0.003, 0.01, 0.03)))
    for name, make in kinds.items():
        vals = []
        for lr in (0.001, 0.003, 0.01, 0.03):
            vals.append(sum(ess(model, tuple(lr * d for d in make()), x) for _ in range(a.draws if name != 'exact' else 1)) / (a.draws if name != 'exact' else 1))
        print(f"{name:>10}: " + "  ".join(f"{v:.3f}" for v in vals))
    for name, grads in (('exact', exact), ('noise', tuple(n - e for n, e in zip(noisy(batch=1000, chains=1000), exact)))):
        print(f"{name} gradient norms (W / a / b): " + " / ".join(f"{t.norm():.3f}" for t in grads))

if __name__ == '__main__': main()
