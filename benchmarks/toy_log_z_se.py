"""Is the temperature ladder's log Z error honest on the bimodal toy of 11_sample? Its PCD model (16 visible, 4 hidden
units, exact log Z), trained as the notebook trains it, once on one thread (the model the tests see) and once on two
(floating-point sums in another order: another model); for several numbers of samples and chains, `ladders` ladders
with seeds 0, 1, …: each one's error against exact in units of its stated error (errors counted by chains, the
library's way, and record by record). Mean z² should be about 1. Sampling runs on one thread.

    OMP_NUM_THREADS=1 python benchmarks/toy_log_z_se.py 24
"""
import importlib, sys, time
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

def z_scores(model, exact, n, chains, ladders):
    "Errors against exact over `ladders` seeds, and the errors the sampler stated"
    out = [S.sample(model, n=n, n_chains=chains, ladder='temperature', full=True, seed=s) for s in range(ladders)]
    errors = np.array([r.log_z[-1].item() - exact for r in out])
    return errors, np.array([r.log_z_se[-1].item() for r in out])

def main():
    ladders = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    data = bimodal()
    for threads in (1, 2):
        torch.set_num_threads(threads)
        model = fit(data[:1500], n_hidden=4, method='pcd', n_chains=1000, gibbs_steps=10, updates=450, lr=0.05, seed=1,
                    progress=False).model
        torch.set_num_threads(1)
        exact = log_partition(model).item()
        print(f"PCD model of the toy trained on {threads} thread(s): exact log Z {exact:.4f}; {ladders} ladders a setting")
        scan(model, exact, ladders)

def scan(model, exact, ladders):
    "Mean z² by chains and record by record at several numbers of samples and chains"
    for n, chains in [(500, 64), (500, 500), (2048, 64), (2048, 256)]:
        t = time.time()
        e, se = z_scores(model, exact, n, chains, ladders)
        kept, S.MIN_CLUSTERS = S.MIN_CLUSTERS, 10 ** 9          # every record counted as independent
        _, se_rec = z_scores(model, exact, n, chains, ladders)
        S.MIN_CLUSTERS = kept
        print(f"{n:5} samples, {chains:3} chains: mean z² {np.mean((e / se) ** 2):.2f} by chains, "
              f"{np.mean((e / se_rec) ** 2):.2f} record by record; errors scatter {e.std():.4f} (mean {e.mean():+.4f}), "
              f"stated rms {np.sqrt(np.mean(se ** 2)):.4f} ({time.time() - t:.0f} s)", flush=True)

if __name__ == '__main__': main()
