"""Where `ptt.sample` spends its time, phase by phase, on saved runs; and old against new, back to back.

    OMP_NUM_THREADS=1 python benchmarks/sample.py RUN.h5 [-n 2000] [--kwargs '{"ladder": "checkpoints"}'] [--json OUT]
    OMP_NUM_THREADS=1 python benchmarks/sample.py RUN.h5 -n 2000 --compare OLD_DIR [--repeats 2] [--timeout 900]

The first form loads the run (not timed), calls `ptt.sample(run, n, full=True, **kwargs)` once and prints a table of
exclusive seconds by phase and kind, which add up to the call's wall-clock time:

* phases: building the ladder's candidates and choosing rungs by the greedy rule (`greedy_ladder`, splits), every
  thermalization run (`Tempering.thermalize`: refinement rounds stopped early, and the run that certifies), the
  recording (`record_samples`), and the rest of `sample`;
* kinds inside each phase: the Gibbs sweeps (their uniform or random-bit draws apart), the swaps, the diagnostics
  (tau estimates, renewal plan, occupancy, round trips), the log Z gaps, and the host work left in the loops
  (bookkeeping of identities, acceptances and trajectories, per sweep).

Every thermalization run is also listed: rungs, chains, sweeps, tau_exp, tau_int, seconds. The functions are found by
name and wrapped while the call runs, so the script profiles older versions of the package too (what a version lacks is
simply not wrapped). With `--compare OLD_DIR` (a folder holding an older `ptt/`, e.g. `git archive <commit> ptt | tar -x
-C OLD_DIR`), each side runs in a fresh one-thread process, old and new alternated `--repeats` times, and the last
line is `new/old: X.XX` (median wall-clock ratio). Training is never timed; the load average is printed beside every
number.
"""
import argparse, collections, json, os, statistics, subprocess, sys, time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


class Profile:
    "Exclusive wall-clock seconds by (phase, kind) while `ptt.sample` runs, from wrapped functions"
    PHASES = [('ptt.sample', 'greedy_ladder', 'ladder: greedy rule'),
              ('ptt.sample', '_split_pair', 'ladder: greedy rule'),
              ('ptt.sample', '_Candidates.__getitem__', 'ladder: candidates'),
              ('ptt.reservoir', 'Tempering.thermalize', 'thermalize'),
              ('ptt.sample', 'record_samples', 'recording')]
    KINDS = [('ptt.kernels', 'gibbs', 'Gibbs sweeps'), ('ptt.kernels', 'swap', 'swaps'),
             ('ptt.kernels', 'swap_with_logits', 'swaps'),
             ('ptt.diagnostics', 'thermalization_plan', 'diagnostics'),
             ('ptt.reservoir', 'renewal_plan', 'diagnostics'),
             ('ptt.diagnostics', 'rung_occupancy', 'diagnostics'), ('ptt.diagnostics', 'round_trips', 'diagnostics'),
             ('ptt.diagnostics', 'rungs_from_ids', 'diagnostics'), ('ptt.likelihood', 'neighbour_gaps', 'log Z gaps'),
             ('ptt.sample', '_ladder_log_z', 'log Z gaps'),
             ('ptt.ladder', 'predicted_acceptance', 'acceptance predictions'),
             ('ptt.ladder', 'expected_acceptance', 'acceptance predictions'),
             ('ptt.reservoir', 'Tempering.run', 'host work in the loops')]

    def __init__(self):
        self.excl, self.calls = collections.Counter(), collections.Counter()
        self.runs, self.stack, self.undo = [], [], []
        self.phase = ['rest of sample']

    def _enter(self, label):
        self.stack.append([label, time.perf_counter(), 0.])

    def _exit(self, phase_kind):
        label, t0, child = self.stack.pop()
        dt = time.perf_counter() - t0
        self.excl[phase_kind] += dt - child; self.calls[phase_kind] += 1
        if self.stack: self.stack[-1][2] += dt
        return dt

    def _wrap(self, owner, attr, fn, is_phase, label):
        prof = self
        def wrapped(*args, **kwargs):
            if is_phase:
                name = label
                if label == 'thermalize': name = f"thermalize #{len(prof.runs) + 1}"
                prof.phase.append(name); prof._enter(name)
                try: out = fn(*args, **kwargs)
                finally:
                    dt = prof._exit((name, '(phase itself)')); prof.phase.pop()
                if label == 'thermalize':
                    tmp, rep = args[0], out
                    prof.runs.append(dict(name=name, rungs=tmp.n_rungs, chains=tmp.n_chains, sweeps=rep.sweeps,
                                          gibbs_steps=tmp.k, tau_exp=rep.plan.tau_exp, tau_int=rep.plan.tau_int,
                                          reliable=rep.reliable, seconds=dt,
                                          reservoir=getattr(tmp, 'reservoir', None) is not None))
                    print(json.dumps(prof.runs[-1]), file=sys.stderr, flush=True)   # kept if the call times out
                return out
            prof._enter(label)
            try: return fn(*args, **kwargs)
            finally: prof._exit((prof.phase[-1], label))
        return wrapped

    def _patch(self, module, name, is_phase, label):
        mod = sys.modules.get(module)
        if mod is None: return
        owner, attr = (mod, name) if '.' not in name else (getattr(mod, name.split('.')[0], None), name.split('.')[1])
        fn = getattr(owner, attr, None) if owner is not None else None
        if fn is None: return
        w = self._wrap(owner, attr, fn, is_phase, label)
        targets = [owner] if '.' in name else [m for m in list(sys.modules.values())
                                               if m is not None and getattr(m, '__name__', '').startswith('ptt')
                                               and getattr(m, attr, None) is fn]
        for t in targets:
            self.undo.append((t, attr, fn)); setattr(t, attr, w)

    def _patch_rand(self):
        import torch
        rand, prof = torch.rand, self
        bits = getattr(torch.Tensor, 'random_')
        def inside(what): return f"{prof.stack[-2][0] if len(prof.stack) > 1 else 'sample'}: {what}"
        def timed_rand(*a, **k):
            prof._enter('uniforms')
            try: return rand(*a, **k)
            finally: prof._exit((prof.phase[-1], inside('uniforms')))
        def timed_bits(self_, *a, **k):
            prof._enter('random bits')
            try: return bits(self_, *a, **k)
            finally: prof._exit((prof.phase[-1], inside('random bits')))
        self.undo += [(torch, 'rand', rand), (torch.Tensor, 'random_', bits)]
        torch.rand, torch.Tensor.random_ = timed_rand, timed_bits

    def __enter__(self):
        import ptt, ptt.sample, ptt.reservoir, ptt.kernels, ptt.diagnostics, ptt.likelihood, ptt.ladder  # noqa: F401
        for module, name, label in self.KINDS: self._patch(module, name, False, label)
        for module, name, label in self.PHASES: self._patch(module, name, True, label)
        self._patch_rand()
        return self

    def __exit__(self, *exc):
        for owner, attr, fn in reversed(self.undo): setattr(owner, attr, fn)

    def table(self, total:float) -> list:
        "Rows (phase, kind, seconds, calls), the thermalization runs named by their role, and the rest of the call"
        final = self.runs[-1]['name'] if self.runs else None
        def role(p):
            if not p.startswith('thermalize #'): return p
            return 'thermalization (the certifying run)' if p == final else 'refinement rounds (stopped early)'
        rows = collections.Counter(); calls = collections.Counter()
        for (p, k), s in self.excl.items():
            k = 'host work in the loops' if k == '(phase itself)' and p.startswith('thermalize') else k
            k = 'rest' if k == '(phase itself)' else k
            rows[(role(p), k)] += s; calls[(role(p), k)] += self.calls[(p, k)]
        rows[('rest of sample', 'rest')] += total - sum(self.excl.values())
        return [(p, k, s, calls[(p, k)]) for (p, k), s in sorted(rows.items(), key=lambda r: -r[1])]


CHILD = r'''
import json, os, sys, time
sys.path.insert(0, sys.argv[1])
import torch
torch.set_num_threads(1)
import ptt
from ptt.run import load_run
sys.path.insert(0, sys.argv[4])
from sample import Profile
run = load_run(sys.argv[2]); kw = json.loads(sys.argv[3])
load0 = os.getloadavg()[0]
with Profile() as prof:
    t = time.perf_counter(); out = ptt.sample(run, full=True, **kw); total = time.perf_counter() - t
r = out.report
print(json.dumps(dict(seconds=total, package=sys.modules['ptt'].__file__, rungs=len(out.ladder), sweeps=r.sweeps,
                      reliable=r.reliable, tau_exp=r.plan.tau_exp, tau_int=r.plan.tau_int, spacing=r.plan.spacing,
                      n=len(out.x), log_z=out.log_z[-1].item(), log_z_se=out.log_z_se[-1].item(),
                      load=[load0, os.getloadavg()[0]], runs=prof.runs,
                      table=[list(row) for row in prof.table(total)])))
'''


def child(tree, run, kw, timeout):
    "One `ptt.sample` call with the package in `tree`, in a fresh one-thread process: its JSON line"
    env = dict(os.environ, OMP_NUM_THREADS='1', PYTHONPATH=str(tree))
    args = [sys.executable, '-c', CHILD, str(tree), str(Path(run).resolve()), json.dumps(kw),
            str(Path(__file__).parent)]
    try: p = subprocess.run(args, env=env, cwd=str(tree), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        err = (e.stderr.decode() if isinstance(e.stderr, bytes) else e.stderr or '').splitlines()
        runs = [json.loads(line) for line in err if line.startswith('{')]
        return dict(seconds=None, timed_out=timeout, load=[os.getloadavg()[0]] * 2, runs=runs)
    if p.returncode != 0: return dict(seconds=None, error=p.stderr.strip().splitlines()[-3:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def show(res:dict, label:str=''):
    "Print one profiled call: its thermalization runs and its table"
    if res.get('seconds') is None:
        why = res.get('error') or f"timed out after {res.get('timed_out')} s"
        print(f"{label}: no result ({why})")
        for r in res.get('runs', []): print(f"  finished before: {r}")
        return
    verdict = 'certified' if res['reliable'] else 'NOT certified'
    print(f"{label}: {res['seconds']:.2f} s, {res['rungs']} rungs, {verdict} "
          f"after {res['sweeps']} sweeps (tau_exp {res['tau_exp']:.3g}, tau_int {res['tau_int']:.3g}, spacing "
          f"{res['spacing']}); {res['n']} samples; log Z {res['log_z']:.3f} ± {res['log_z_se']:.3f}; load "
          f"{res['load'][0]:.1f} -> {res['load'][1]:.1f}")
    for r in res['runs']:
        print(f"  {r['name']}: {r['rungs']} levels{' (reservoir below)' if r.get('reservoir') else ''} x {r['chains']} "
              f"chains x {r['gibbs_steps']} Gibbs sweeps per swap round, {r['sweeps']} rounds, tau_exp "
              f"{r['tau_exp']:.3g}, tau_int {r['tau_int']:.3g}, {'certified' if r['reliable'] else 'not certified'}, "
              f"{r['seconds']:.2f} s")
    print(f"  {'phase':<38} {'kind':<40} {'seconds':>8} {'share':>6} {'calls':>7}")
    for p, k, s, c in res['table']:
        if s >= 0.0005 * res['seconds']:
            print(f"  {p:<38} {k:<40} {s:8.3f} {100 * s / res['seconds']:5.1f}% {c:7d}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('run', help="a run file (ptt train --out, ptt.fit(out=))")
    p.add_argument('-n', type=int, default=2000, help="samples to draw")
    p.add_argument('--kwargs', default='{}', help="more arguments of ptt.sample, as JSON")
    p.add_argument('--compare', help="a folder holding an older ptt/ package: old and new alternated, in fresh "
                                     "processes")
    p.add_argument('--repeats', type=int, default=1, help="calls of each side with --compare")
    p.add_argument('--timeout', type=int, default=1800, help="seconds one call may take with --compare")
    p.add_argument('--json', help="write the results here")
    a = p.parse_args()
    kw = dict(n=a.n, **json.loads(a.kwargs))
    out = dict(run=a.run, kwargs=kw, machine=os.uname().nodename, cpus=os.cpu_count(), results={})
    sides = [('new', HERE)] + ([('old', Path(a.compare).resolve())] if a.compare else [])
    for i in range(a.repeats):
        for name, tree in (sides[::-1] if a.compare else sides):
            res = child(tree, a.run, kw, a.timeout)
            out['results'].setdefault(name, []).append(res)
            show(res, f"{name} ({tree}), call {i + 1}")
            sys.stdout.flush()
    if a.json: Path(a.json).write_text(json.dumps(out, indent=1))
    if a.compare:
        med = {k: statistics.median([r['seconds'] if r.get('seconds') is not None else float('inf') for r in v])
               for k, v in out['results'].items()}
        print(f"new/old: {med['new'] / med['old']:.2f}")


if __name__ == '__main__':
    main()
