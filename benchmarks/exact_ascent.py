"""Gradient ascent on HGD (16 hidden units) with the *exact* gradient: the whole training set as the data term and the
model term enumerated over the 2^16 hidden states, no chains at all. Same split, initial model and fixed rate as the
PCD/PTT points of benchmarks/rates.py, so it separates the optimiser's part of their gap from the sampler's: where exact
ascent goes at a rate is where a perfect sampler would take training.

    python benchmarks/exact_ascent.py [--lr 0.01] [--updates 3000] [--every 250] [--centered] [--out FILE.json]
"""
import argparse, json, time
import torch
import ptt.data, ptt.exact
from ptt.rbm import BernoulliRBM
from ptt.kernels import make_generator
from ptt.exact import _chunked_log_weights, log_partition
from ptt.optim import _moments, _combine, data_offsets, GROUPS


def exact_model_moments(model, chunk=2**13) -> tuple:
    "The model averages of (v h^T, v, h), enumerating the hidden layer"
    log_z = log_partition(model, 'hidden')
    vh, v, h = 0., 0., 0.
    for s, lw in _chunked_log_weights(model, 'hidden', chunk):
        w = (lw - log_z).exp()
        pv = model.visible_probs(s).flatten(1)
        vh, v, h = vh + (pv * w[:, None]).T @ s, v + w @ pv, h + w @ s
    return vh, v, h


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--lr', type=float, default=0.01); p.add_argument('--updates', type=int, default=3000)
    p.add_argument('--every', type=int, default=250); p.add_argument('--centered', action='store_true')
    p.add_argument('--threads', type=int, default=1); p.add_argument('--out')
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    train, test = ptt.data.split(ptt.data.hgd()[0], 0.4, seed=0)
    model = BernoulliRBM.from_data(train, 16, std=1e-2, generator=make_generator(0))   # as ptt.fit's start_run with seed 0
    offsets = data_offsets(model, train) if a.centered else None
    out = a.out or f"benchmarks/results/rates/exact_ascent_lr{a.lr}{'_centered' if a.centered else ''}.json"
    rows, t0 = [], time.time()
    for u in range(1, a.updates + 1):
        grads = _combine(model, _moments(model, train), exact_model_moments(model), offsets)
        model = type(model)(*(q + a.lr * g for q, g in zip(model.params, grads)))
        if a.centered: offsets = (offsets[0], 0.99 * offsets[1] + 0.01 * model.hidden_probs(train).mean(0))
        if u % a.every == 0:
            lz = ptt.exact.log_partition(model).item()
            rows.append(dict(update=u, test_ll=ptt.exact.log_likelihood(model, test, lz).item(), train_ll=ptt.exact.log_likelihood(model, train, lz).item(),
                             seconds=time.time() - t0))
            print(f"update {u}: exact test LL {rows[-1]['test_ll']:.2f}, train {rows[-1]['train_ll']:.2f} ({rows[-1]['seconds']:.0f} s)", flush=True)
            json.dump(dict(lr=a.lr, centered=a.centered, updates=u, checkpoints=rows), open(out, 'w'), indent=1)   # so far, at every checkpoint

if __name__ == '__main__': main()
