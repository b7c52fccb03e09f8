"""PTT's adaptive learning rate on the L = 8, beta = 0.40 Ising model: the paper's cosine rule, the rule with a floor, a fixed rate.

Reproduces the numbers quoted in nbs/07_optim.ipynb ("When the rate stalls"):
    python tools/lr_stall.py paper   # or: floor, fixed, full, centered, pcd, pcd-centered   (1-5 min each on one core)
"""
import sys, time, torch, numpy as np
from ptt import data as D
from ptt.train import fit
from ptt.studies.ising import exact_check

VARIANTS = dict(paper={}, floor=dict(lr_floor=0.05), fixed=dict(adaptive=False), full=dict(batch_size=3600),  # full: the paper's rule, whole training set as batch
                centered=dict(centered=True), pcd=dict(method='pcd'), **{'pcd-centered': dict(method='pcd', centered=True)})

def main(variant:str, updates:int=3000):
    torch.set_num_threads(1)
    x = D.ising(8, 0.40, 6000, seed=0)
    train, test = D.split(x, 0.4, seed=0)
    cos = []
    t0 = time.time()
    kw = dict(VARIANTS[variant]); method = kw.pop('method', 'ptt')
    run = fit(train, 16, method, test=test, n_chains=500, gibbs_steps=10, updates=updates, lr=0.05, max_lr=0.2, seed=0,
              log_every=50, progress=False, callback=lambda r: cos.append(r.state.opt.cos['weights']), **kw)
    st, lg = run.history.steps, run.history.logs
    for u in (200, 400, 1000, 2000, updates):
        i = list(st['update']).index(u)
        print(f"update {u}: rates W {st['lr_weights'][i]:.2g} a {st['lr_vbias'][i]:.2g} b {st['lr_hbias'][i]:.2g}")
    c = np.array(cos)
    print(f"smoothed cos(W): mean {c[200:].mean():.3f} after update 200; below -0.2 in {(c[200:] < -0.2).mean():.0%} of updates")
    print(f"test LL {lg['test_ll'][-1]:.3f} (best {max(lg['test_ll']):.3f}); rungs frozen at updates {run.history.rungs.get('update', [])};"
          f" {int(sum(st.get('rejected', [0])))} rejections; {time.time() - t0:.0f} s")
    e = exact_check(run.model, test, 8)['exact_moments']
    print(f"final model, exact: fraction of positive magnetizations {e['frac_pos']:.3f}, chi {e['chi']:.1f} (data {64 * (D.magnetization(test).double()**2).mean():.1f})")

if __name__ == '__main__': main(sys.argv[1] if len(sys.argv) > 1 else 'paper')
