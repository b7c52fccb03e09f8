"""Where `ptt.sample` spends its time: every thermalization run (rungs, chains, sweeps, τ, seconds), the greedy ladder rule,
the recording, and the Gibbs work inside, for three cases: (a) a PTT run of the README's Ising model over its own ladder,
(b) a PCD run on HGD over a checkpoint ladder, (c) a Potts PCD run on PF13354 over a checkpoint ladder.

    OMP_NUM_THREADS=1 python benchmarks/sample_profile.py --case ising|hgd|protein [--run FILE] [--cprofile OUT]

Training is not timed. With `--run`, a saved run file is sampled instead of training one (case protein: a PCD run of
nbs/23_proteins). The last line is `sample: X.X s, Gibbs inside: Y.Y s`.
"""
import argparse, cProfile, collections, os, pstats, sys, time
import torch
import ptt, ptt.kernels, ptt.reservoir, ptt.rbm
from ptt.kernels import make_generator
from ptt.run import load_run

_sample_module, _reservoir_module = sys.modules['ptt.sample'], sys.modules['ptt.reservoir']


class Trace:
    "Counts Gibbs chain-sweeps and their time, and logs every thermalization run, while `ptt.sample` runs"
    def __init__(self): self.gibbs_s, self.chain_sweeps, self.events = 0., 0, []
    def __enter__(self):
        self.g0, self.t0 = ptt.kernels.gibbs, _reservoir_module.Tempering.thermalize
        def gibbs(model, v, k=1, generator=None):
            t = time.perf_counter(); out = self.g0(model, v, k, generator)
            self.gibbs_s += time.perf_counter() - t
            self.chain_sweeps += k * v.shape[:-1].numel() if not isinstance(model, ptt.rbm.PottsRBM) else k * v.shape[:-2].numel()
            return out
        def thermalize(tmp, *a, **kw):
            t = time.perf_counter(); g = self.gibbs_s; rep = self.t0(tmp, *a, **kw)
            e = dict(rungs=tmp.n_rungs, chains=tmp.n_chains, sweeps=rep.sweeps, tau_exp=rep.plan.tau_exp, tau_int=rep.plan.tau_int,
                     reliable=rep.reliable, min_acc=min(rep.acceptance.tolist() or [float('nan')]), seconds=time.perf_counter() - t, gibbs=self.gibbs_s - g)
            self.events.append(e); print('  thermalize', {k: round(v, 3) if isinstance(v, float) else v for k, v in e.items()}, flush=True)
            return rep
        ptt.kernels.gibbs = _sample_module.gibbs = _reservoir_module.gibbs = gibbs
        _reservoir_module.Tempering.thermalize = thermalize
        return self
    def __exit__(self, *exc):
        ptt.kernels.gibbs = _sample_module.gibbs = _reservoir_module.gibbs = self.g0
        _reservoir_module.Tempering.thermalize = self.t0


def make_run(args):
    if args.run: return load_run(args.run)
    if args.case == 'ising':                       # the README's first command: `ptt train ising` (its defaults)
        data = ptt.data.ising()
        return ptt.fit(data, n_hidden=args.n_hidden or 12, updates=args.updates or 500, progress=False)
    if args.case == 'hgd':
        train, _ = ptt.data.split(ptt.data.hgd()[0], 0.4, seed=0)
        return ptt.fit(train, n_hidden=args.n_hidden or 64, method='pcd', updates=args.updates or 300, lr=0.01, progress=False)
    raise ValueError("case protein needs --run (a PCD run file of nbs/23_proteins)")


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--case', choices=['ising', 'hgd', 'protein'], required=True)
    p.add_argument('--run'); p.add_argument('--n', type=int, default=2000); p.add_argument('--n-chains', type=int)
    p.add_argument('--n-hidden', type=int); p.add_argument('--updates', type=int)
    p.add_argument('--gibbs-steps', type=int, default=10); p.add_argument('--max-sweeps', type=int, default=20_000)
    p.add_argument('--ladder', default='auto'); p.add_argument('--cprofile'); p.add_argument('--save-run')
    args = p.parse_args()
    print(f"torch {torch.__version__}, {torch.get_num_threads()} thread(s), load average {os.getloadavg()[0]:.1f}", flush=True)
    run = make_run(args)
    if args.save_run: ptt.run.save_run(run, args.save_run)
    print(run, flush=True)
    kw = dict(ladder=args.ladder, gibbs_steps=args.gibbs_steps, max_sweeps=args.max_sweeps, full=True) | (dict(n_chains=args.n_chains) if args.n_chains else {})
    prof = cProfile.Profile() if args.cprofile else None
    with Trace() as tr:
        t = time.perf_counter()
        if prof: prof.enable()
        out = ptt.sample(run, args.n, **kw)
        if prof: prof.disable()
        total = time.perf_counter() - t
    print(f"ladder of {len(out.ladder)} rungs; {out.report}")
    print(f"log Z top {out.log_z[-1].item():.3f} +- {out.log_z_se[-1].item():.3f}; chain-sweeps {tr.chain_sweeps:.3g}; load {os.getloadavg()[0]:.1f}")
    if prof:
        prof.dump_stats(args.cprofile)
        pstats.Stats(prof).sort_stats('cumulative').print_stats(25)
    print(f"sample: {total:.1f} s, Gibbs inside: {tr.gibbs_s:.1f} s")


if __name__ == '__main__':
    main()
