"""Is the temperature ladder's log Z error honest on the bimodal toy of 11_sample? Its PCD model (16 visible, 4 hidden
units, exact log Z), trained as the notebook trains it, once on one thread (the model the tests see) and once on two
(floating-point sums in another order: another model); for several numbers of samples and chains, `ladders` ladders
with seeds 0, 1, …: each one's error against exact in units of its stated error (errors counted by chains, the
library's way, and record by record). Mean z² should be about 1. Sampling runs on one thread.

    OMP_NUM_THREADS=1 python benchmarks/toy_log_z_se.py --ladders 24
    OMP_NUM_THREADS=1 python benchmarks/toy_log_z_se.py --ladders 48 --first 24 --settings 500:64 --min-sweeps 100 300
"""
import argparse, importlib, time
import numpy as np, torch
from ptt.kernels import make_generator
from ptt.exact import log_partition
from ptt.train import fit
S = importlib.import_module('ptt.sample')          # the module (ptt.sample is also the function)

def bimodal(n=2000, n_visible=16, weight=0.7, noise=0.05, seed=0):
    "The notebook's toy: a random pattern (weight 0.7) and its complement, each bit flipped with probability `noise`"
    g = make_generator(seed)
    pattern = (torch.rand(n_visible, generator=g) < 0.5).float()
    first = torch.rand(n, 1, generator=g) < weight
    return (torch.where(first, pattern, 1 - pattern) + (torch.rand(n, n_visible, generator=g) < noise).float()) % 2

def z_scores(model, exact, n, chains, seeds, min_sweeps=100):
    "Errors against exact over ladders of `seeds`, and the errors the sampler stated"
    out = [S.sample(model, n=n, n_chains=chains, ladder='temperature', full=True, seed=s, min_sweeps=min_sweeps)
           for s in seeds]
    errors = np.array([r.log_z[-1].item() - exact for r in out])
    return errors, np.array([r.log_z_se[-1].item() for r in out])

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--ladders', type=int, default=24); p.add_argument('--first', type=int, default=0, help="first seed")
    p.add_argument('--settings', nargs='+', default=['500:64', '500:500', '2048:64', '2048:256'], help="samples:chains")
    p.add_argument('--min-sweeps', type=int, nargs='+', default=[100], help="the thermalization's first block")
    a = p.parse_args()
    seeds, settings = range(a.first, a.first + a.ladders), [tuple(map(int, v.split(':'))) for v in a.settings]
    data = bimodal()
    for threads in (1, 2):
        torch.set_num_threads(threads)
        model = fit(data[:1500], n_hidden=4, method='pcd', n_chains=1000, gibbs_steps=10, updates=450, lr=0.05, seed=1,
                    progress=False).model
        torch.set_num_threads(1)
        exact = log_partition(model).item()
        print(f"PCD model of the toy trained on {threads} thread(s): exact log Z {exact:.4f}; seeds {seeds.start} to "
              f"{seeds.stop - 1}")
        for m in a.min_sweeps: scan(model, exact, seeds, settings, m)

def scan(model, exact, seeds, settings, min_sweeps):
    "Mean z² by chains and record by record at several numbers of samples and chains"
    for n, chains in settings:
        t = time.time()
        e, se = z_scores(model, exact, n, chains, seeds, min_sweeps)
        kept, S.MIN_CLUSTERS = S.MIN_CLUSTERS, 10 ** 9          # every record counted as independent
        _, se_rec = z_scores(model, exact, n, chains, seeds, min_sweeps)
        S.MIN_CLUSTERS = kept
        print(f"{n:5} samples, {chains:3} chains, first block {min_sweeps}: mean z² {np.mean((e / se) ** 2):.2f} by chains, "
              f"{np.mean((e / se_rec) ** 2):.2f} record by record; errors scatter {e.std():.4f} (mean {e.mean():+.4f}), "
              f"stated rms {np.sqrt(np.mean(se ** 2)):.4f} ({time.time() - t:.0f} s)", flush=True)

if __name__ == '__main__': main()
