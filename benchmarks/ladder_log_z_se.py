"""How honest is the standard error of `ptt.sample`'s temperature-ladder log Z? On a small trained model whose log Z
is exact (16 hidden units), many ladders with different seeds: each one's error against exact, divided by the SE the
sampler states and by a jackknife SE over 16 groups of its chains (which counts every correlation along a chain and
between the ladder's steps). Mean z² should be about 1. E.g. an Ising L = 6, beta = 0.55 PCD model after 1000 updates,
24 ladders:

    OMP_NUM_THREADS=1 python benchmarks/ladder_log_z_se.py 6 0.55 1000 24
"""
import torch, numpy as np, math, warnings, sys, time
warnings.simplefilter('ignore')
import ptt, importlib; S = importlib.import_module("ptt.sample")
from ptt.exact import log_partition
from ptt.likelihood import bar_from_gaps
captured = {}
orig = S._ladder_log_z
def wrap(models, gaps, anchor=None):
    captured['gaps'] = gaps
    return orig(models, gaps, anchor)
S._ladder_log_z = wrap

def jack_se(gaps, G=16):
    u0 = torch.stack([g[0] for g in gaps]); u1 = torch.stack([g[1] for g in gaps])   # (R, T-1, C)
    C = u0.shape[-1]; groups = np.array_split(np.arange(C), G)
    def total(keep):
        return sum(bar_from_gaps(u0[:, t][:, keep], u1[:, t][:, keep]).value for t in range(u0.shape[1]))
    th = np.array([total(np.setdiff1d(np.arange(C), g)) for g in groups])
    return math.sqrt((G - 1) / G * ((th - th.mean()) ** 2).sum())

x = ptt.data.ising(L=int(sys.argv[1]), beta=float(sys.argv[2]), n=3000, seed=0)
run = ptt.fit(x, 16, 'pcd', updates=int(sys.argv[3]), n_chains=500, lr=0.05, centered=True, progress=False,
              final_eval='none')
m = run.model.to(dtype=torch.float64); exact = log_partition(m).item()
zs, zj = [], []
for seed in range(int(sys.argv[4])):
    t = time.time()
    res = S.sample(m, 2000, ladder='temperature', full=True, seed=seed)
    d, se = res.log_z[-1].item() - exact, res.log_z_se[-1].item()
    js = jack_se(captured['gaps'])
    zs.append(d / se); zj.append(d / js)
    print(f"seed {seed}: diff {d:+.4f} se {se:.4f} jack {js:.4f} rungs {len(res.ladder)} {time.time() - t:.1f}s",
          flush=True)
print('mean z^2 analytic', np.mean(np.square(zs)), 'jackknife', np.mean(np.square(zj)), 'mean diff/se', np.mean(zs))
