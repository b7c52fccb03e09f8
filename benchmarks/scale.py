"""Scale-out benchmark: PTT and PCD training on 1, 2, ... processes with `ptt.distributed` (torch.distributed, launched by torchrun).

For each number of processes P (`--procs`, default 1 2) the script starts `torchrun --standalone --nproc-per-node P` on
itself; every process trains with `ptt.distributed.fit` on the Human Genome Dataset shape (805 visible units, `--hidden`
100 hidden units, the real data), PCD and then PTT with the library's defaults, `--updates` updates each, and reports:

* seconds per update: the median over updates without a freeze (after `--warmup` updates), as `ptt.train.train` times them
  (the training loop's own `history.steps['seconds']`), and PTT's freezes separately (they run on rank 0 over all chains);
* throughput in chain-sweeps per second: chains (all ranks) x Gibbs sweeps per update / seconds per update
  (PCD: `--gibbs` sweeps per update; PTT: `--gibbs` x 2 PTT sweeps of the current model's chains per update);
* the time of one all-reduce of the gradient's size (N_v N_h + N_v + 2 N_h float32 numbers), the update's largest message.

`--scaling strong` keeps the total number of chains at `--chains` (each process simulates chains / P); `--scaling weak`
gives every process `--chains`. On CPUs each process uses one thread (gloo); with `--device cuda` each process uses GPU
LOCAL_RANK (NCCL) and P goes up to the number of GPUs. Last line: the speed-up and parallel efficiency of the largest P.

    python benchmarks/scale.py [--procs 1 2] [--scaling strong|weak|both] [--device cpu|cuda] [--updates 40] [--quick]

Results: `--out` (default `benchmarks/results/scale.json`; with `--quick` a temporary folder). Timings are never tests.
"""
import argparse, json, os, platform, statistics, subprocess, sys, tempfile, time, warnings
from pathlib import Path
import torch


def _sync(device):
    if device is not None and torch.device(device).type == 'cuda': torch.cuda.synchronize()


def allreduce_seconds(comm, numel:int, device, reps:int=20) -> float:
    "Median seconds of one all-reduce (sum) of `numel` float32 numbers over the run's processes"
    import torch.distributed as dist
    x = torch.ones(numel, device=comm.device)
    if comm.world == 1: return 0.
    times = []
    for _ in range(reps + 3):
        _sync(device); dist.barrier(); t0 = time.perf_counter()
        dist.all_reduce(x); _sync(device)
        times.append(time.perf_counter() - t0)
    return statistics.median(times[3:])


def worker(a):
    "One process of a torchrun group: train PCD then PTT, rank 0 prints one JSON line"
    import ptt.data, ptt.distributed as D
    comm, device = D.init('cuda' if a.device == 'cuda' else None)
    x = ptt.data.hgd()[0]
    if device is not None: x = x.to(device)
    chains = a.chains * (comm.world if a.scaling == 'weak' else 1)
    row = dict(procs=comm.world, scaling=a.scaling, chains=chains, chains_per_process=chains // comm.world, device=str(device or 'cpu'))
    numel = x.shape[1] * a.hidden + x.shape[1] + 2 * a.hidden
    row['allreduce_ms'] = 1e3 * allreduce_seconds(comm, numel, device)
    for method, sweeps in (('pcd', 1), ('ptt', 2)):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            t0 = time.perf_counter()
            run = D.fit(x, a.hidden, method, n_chains=chains, gibbs_steps=a.gibbs, updates=a.updates, batch_size=1000, lr=0.01,
                        log_every=a.updates, final_eval='none', progress=False, device=device, comm=comm, seed=0)
            wall = time.perf_counter() - t0
        st = run.history.steps
        froze = st.get('froze', [0.] * len(st['seconds']))
        steady = [s for i, (s, f) in enumerate(zip(st['seconds'], froze)) if i >= a.warmup and not f]
        per_update = statistics.median(steady)
        row[method] = dict(s_per_update=per_update, chain_sweeps_per_s=chains * a.gibbs * sweeps / per_update, wall_s=wall,
                           updates=len(st['seconds']), freezes=int(sum(froze)),
                           freeze_s=sum(s for s, f in zip(st['seconds'], froze) if f),
                           amortized_s_per_update=sum(st['seconds'][a.warmup:]) / max(1, len(st['seconds']) - a.warmup))
    if comm.root: print('RESULT ' + json.dumps(row), flush=True)
    D.finish()


def launch(a, procs:int, scaling:str) -> dict:
    "Run the worker on `procs` processes under torchrun; its result row"
    cmd = [sys.executable, '-m', 'torch.distributed.run', '--standalone', '--nproc-per-node', str(procs), __file__, '--worker',
           '--scaling', scaling, '--device', a.device, '--updates', str(a.updates), '--warmup', str(a.warmup),
           '--chains', str(a.chains), '--hidden', str(a.hidden), '--gibbs', str(a.gibbs)]
    env = dict(os.environ, OMP_NUM_THREADS=os.environ.get('OMP_NUM_THREADS', '1'))
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    lines = [l for l in p.stdout.splitlines() if l.startswith('RESULT ')]
    if p.returncode != 0 or not lines: sys.exit(f"scale.py: {procs} processes failed:\n{p.stderr[-3000:]}")
    return json.loads(lines[-1][7:])


def table(rows:list) -> str:
    head = ("| processes | scaling | chains (per process) | all-reduce ms | PCD s/update | PCD chain-sweeps/s | PTT s/update | "
            "PTT chain-sweeps/s | PTT speed-up | efficiency | PTT freezes (s) |")
    out = [head, '|' + '---|' * (head.count('|') - 1)]
    base = {}
    for r in rows:
        key = r['scaling']
        base.setdefault(key, r)
        b = base[key]
        speed = r['ptt']['chain_sweeps_per_s'] / b['ptt']['chain_sweeps_per_s']
        out.append(f"| {r['procs']} | {r['scaling']} | {r['chains']} ({r['chains_per_process']}) | {r['allreduce_ms']:.2f} | "
                   f"{r['pcd']['s_per_update']:.3f} | {r['pcd']['chain_sweeps_per_s']:.3g} | {r['ptt']['s_per_update']:.3f} | "
                   f"{r['ptt']['chain_sweeps_per_s']:.3g} | {speed:.2f} | {speed / (r['procs'] / b['procs']):.2f} | "
                   f"{r['ptt']['freezes']} ({r['ptt']['freeze_s']:.1f}) |")
    return '\n'.join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--procs', type=int, nargs='+', default=[1, 2])
    p.add_argument('--scaling', choices=('strong', 'weak', 'both'), default='both')
    p.add_argument('--device', choices=('cpu', 'cuda'), default='cpu')
    p.add_argument('--updates', type=int, default=40)
    p.add_argument('--warmup', type=int, default=5)
    p.add_argument('--chains', type=int, default=1000)
    p.add_argument('--hidden', type=int, default=100)
    p.add_argument('--gibbs', type=int, default=10)
    p.add_argument('--quick', action='store_true', help="a smoke run: 12 updates, 200 chains")
    p.add_argument('--out', help="result file (default benchmarks/results/scale.json; with --quick a temporary folder)")
    p.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.quick: a.updates, a.chains, a.warmup = 12, 200, 2
    if a.worker: return worker(a)
    if a.device == 'cuda' and max(a.procs) > torch.cuda.device_count():
        sys.exit(f"scale.py: {max(a.procs)} processes asked for, {torch.cuda.device_count()} GPUs here")
    scalings = ('strong', 'weak') if a.scaling == 'both' else (a.scaling,)
    rows = []
    for scaling in scalings:
        for procs in a.procs:
            if scaling == 'weak' and procs == 1 and 'strong' in scalings and rows and rows[0]['procs'] == 1:
                rows.append(dict(rows[0], scaling='weak')); continue          # one process: the same run
            rows.append(launch(a, procs, scaling))
            print(f"{procs} process(es), {scaling}: PTT {rows[-1]['ptt']['s_per_update']:.3f} s/update", file=sys.stderr, flush=True)
    load = os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan')
    info = dict(machine=platform.platform(), cpus=os.cpu_count(), torch=torch.__version__, device=a.device, load_average=load,
                shape=dict(n_visible=805, n_hidden=a.hidden), gibbs=a.gibbs, updates=a.updates, warmup=a.warmup,
                omp_threads=os.environ.get('OMP_NUM_THREADS', '1'))
    out = Path(a.out) if a.out else (Path(tempfile.mkdtemp()) if a.quick else Path(__file__).parent / 'results') / 'scale.json'
    if out.suffix != '.json': out = out / 'scale.json'
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(dict(info=info, rows=rows), indent=1))
    print(f"{info['machine']}, {info['cpus']} CPUs, torch {info['torch']}, {a.device}, load average {load:.2f}; "
          f"HGD shape (805, {a.hidden}), {a.gibbs} Gibbs sweeps, {a.updates} updates; results in {out}")
    print(table(rows))
    last = [r for r in rows if r['procs'] == max(a.procs)][-1]
    first = [r for r in rows if r['scaling'] == last['scaling']][0]
    speed = last['ptt']['chain_sweeps_per_s'] / first['ptt']['chain_sweeps_per_s']
    print(f"PTT throughput on {last['procs']} processes ({last['scaling']} scaling): {speed:.2f}x one process, "
          f"efficiency {speed / (last['procs'] / first['procs']):.2f}")


if __name__ == '__main__':
    main()
