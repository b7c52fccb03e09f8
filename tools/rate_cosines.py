"""Where the cosines of successive PTT gradients come from, per parameter group: the batch's deviation from the whole
training set (batch noise) against the rest. Human Genome Dataset, 16 hidden units, 1000 chains, 300 updates, seed 0,
split `ptt.data.split(x, 0.4, seed=0)`. Reproduces the table of nbs/07_optim.ipynb ("Why per-group rates starve"):

    python tools/rate_cosines.py                 # the cosine rule from 0.01 (the defaults before benchmarks/rates.py)
    python tools/rate_cosines.py "dict(lr_rule='sign', per_group=False)"    # any other fit settings
"""
import sys, numpy as np, torch
import ptt.data as D, ptt.train as T, ptt.update as U
from ptt.optim import cosine, _moments

def main(settings:dict, updates:int=300):
    torch.set_num_threads(1)
    train, test = D.split(D.hgd()[0], 0.4, seed=0)
    rows, prev, gradient = [], {}, U._gradient
    def recording(run, batch, samples, comm=T.LOCAL, logits=None):
        m = run.model
        whole, pos, neg = _moments(m, train), _moments(m, batch), _moments(m, samples, logits=logits)
        parts = dict(g=[p - q for p, q in zip(pos, neg)], n=[p - w for p, w in zip(pos, whole)], r=[w - q for w, q in zip(whole, neg)])
        if prev: rows.append([cosine(a, b) for k in 'gnr' for a, b in zip(parts[k], prev[k])] + [n.norm().item() / g.norm().item() for n, g in zip(parts['n'], parts['g'])])
        prev.update(parts)
        return gradient(run, batch, samples, comm, logits)
    U._gradient = recording                 # instrumentation only: the update itself is unchanged
    run = T.fit(train, 16, 'ptt', test=test, n_chains=1000, updates=updates, seed=0, final_eval='none', progress=False, **settings)
    st, r = run.history.steps, np.array(rows)[20:]
    for u in (100, 200, updates):
        i = list(st['update']).index(u)
        print(f"update {u}: rates " + ", ".join(f"{k} {st['lr_' + k][i]:.2g}" for k in ('weights', 'vbias', 'hbias')))
    print(f"mean raw cosines of successive gradients, updates 21-{updates} (weights, visible biases, hidden biases):")
    for name, cols in (('the whole gradient', r[:, 0:3]), ('batch noise alone', r[:, 3:6]), ('full-data gradient', r[:, 6:9]),
                       ('|batch noise| / |gradient|', r[:, 9:12])):
        print(f"  {name:28s}" + "  ".join(f"{x:+.2f}" for x in cols.mean(0)))

if __name__ == '__main__': main(eval(sys.argv[1]) if len(sys.argv) > 1 else {})
