"""Certified samples of one saved model (a study's `.pt` of {method: state_dict}) over a temperature ladder, timed:
the route `ptt.sample` takes for a bare model, at its defaults unless told. E.g. the Ising study's L = 16 PCD point:

    OMP_NUM_THREADS=1 python benchmarks/sample_model.py nbs/results/ising/ising_L16_beta0.480.pt pcd -n 4000

Prints the thermalization report, the seconds and the load average before and after.
"""
import argparse, json, os, time
import torch
from ptt.rbm import from_state_dict
from ptt.sample import sample, certificate

def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('models'); p.add_argument('method'); p.add_argument('-n', type=int, default=4000)
    p.add_argument('--chains', type=int); p.add_argument('--gibbs', type=int)
    p.add_argument('--max-sweeps', type=int, default=20_000); p.add_argument('--seed', type=int, default=0)
    a = p.parse_args()
    torch.set_num_threads(1)
    model = from_state_dict(torch.load(a.models)[a.method])
    load0, t0 = os.getloadavg()[0], time.perf_counter()
    res = sample(model, a.n, 'temperature', n_chains=a.chains, gibbs_steps=a.gibbs, max_sweeps=a.max_sweeps,
                 seed=a.seed, full=True, log_z=False)
    secs = time.perf_counter() - t0
    print(certificate(res))
    print(json.dumps(dict(models=a.models, method=a.method, n=a.n, chains=a.chains, gibbs=a.gibbs,
                          seconds=round(secs, 1), sweeps=res.report.sweeps, rungs=len(res.ladder),
                          certified=bool(res.report.reliable), tau_exp=res.report.plan.tau_exp, load_before=load0,
                          load_after=os.getloadavg()[0])))

if __name__ == '__main__': main()
