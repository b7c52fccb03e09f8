"""Time `ptt.sample` of a saved run with two versions of the package, alternated, in fresh processes.

    python benchmarks/sample_compare.py RUN_FILE BEFORE_DIR AFTER_DIR [--repeats 2] [--timeout 900] [-- sample kwargs as JSON]

BEFORE_DIR and AFTER_DIR each hold a `ptt/` package (e.g. `git archive <commit> ptt | tar -x -C DIR`). Each timed run
is a separate process (one thread) that loads the run, calls `ptt.sample(run, **kwargs, full=True)` and prints one JSON
line: seconds, Gibbs seconds and chain-sweeps inside it (counted through `ptt.kernels.gibbs`), the ladder's size and
its thermalization report. Training is not timed. The last line is `after/before: X.XX` (median wall-clock ratio).
"""
import argparse, json, os, statistics, subprocess, sys

CHILD = r'''
import json, sys, time, os
import torch
torch.set_num_threads(1)
import ptt, ptt.kernels, ptt.rbm
print(sys.modules["ptt.sample"].__file__, file=sys.stderr)
from ptt.run import load_run
mods = [sys.modules[m] for m in ('ptt.sample', 'ptt.reservoir') if m in sys.modules]
g0, stats = ptt.kernels.gibbs, dict(gibbs_s=0., chain_sweeps=0)
def gibbs(model, v, k=1, generator=None):
    t = time.perf_counter(); out = g0(model, v, k, generator); stats['gibbs_s'] += time.perf_counter() - t
    stats['chain_sweeps'] += k * (v.shape[:-2] if isinstance(model, ptt.rbm.PottsRBM) else v.shape[:-1]).numel()
    return out
ptt.kernels.gibbs = gibbs
for m in mods:
    if hasattr(m, 'gibbs'): m.gibbs = gibbs
run = load_run(sys.argv[1]); kw = json.loads(sys.argv[2])
t = time.perf_counter(); out = ptt.sample(run, full=True, **kw); sec = time.perf_counter() - t
r = out.report
print(json.dumps(dict(seconds=sec, **stats, rungs=len(out.ladder), sweeps=r.sweeps, reliable=r.reliable, tau_exp=r.plan.tau_exp,
                      tau_int=r.plan.tau_int, min_acceptance=min(r.acceptance.tolist() or [float('nan')]), n=len(out.x),
                      log_z=out.log_z[-1].item(), log_z_se=out.log_z_se[-1].item(), load=os.getloadavg()[0])))
'''

def one(tree, run, kw, timeout):
    env = dict(os.environ, PYTHONPATH=tree, OMP_NUM_THREADS='1')
    try:
        p = subprocess.run([sys.executable, '-c', CHILD, os.path.abspath(run), json.dumps(kw)], env=env, cwd=tree, capture_output=True, text=True, timeout=timeout)
        return json.loads(p.stdout.strip().splitlines()[-1]) if p.returncode == 0 else dict(error=p.stderr[-500:])
    except subprocess.TimeoutExpired: return dict(seconds=None, timed_out=timeout, load=os.getloadavg()[0])

def main():
    p = argparse.ArgumentParser()
    p.add_argument('run'); p.add_argument('before'); p.add_argument('after')
    p.add_argument('--repeats', type=int, default=2); p.add_argument('--timeout', type=int, default=900)
    p.add_argument('--kwargs', default='{"n": 2000}')
    a = p.parse_args(); kw = json.loads(a.kwargs)
    times = {'before': [], 'after': []}
    for i in range(a.repeats):
        for name, tree in (('before', a.before), ('after', a.after)):
            r = one(tree, a.run, kw, a.timeout)
            print(name, json.dumps(r), flush=True)
            times[name].append(r.get('seconds') or float('inf'))
    print(f"after/before: {statistics.median(times['after']) / statistics.median(times['before']):.2f}")

if __name__ == '__main__': main()
