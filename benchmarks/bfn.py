"""BFN cost at the HGD shape beside an RBM's: seconds per BFN training step (and per epoch), per 1000 samples, per 1000 bounds.

The Bayesian Flow Network of `ptt.baselines.bfn` (MLP of `--width` units and `--depth` hidden layers, Fourier time
features) is trained for `--steps` steps on the Human Genome Dataset (5008 x 805 binary SNPs; random binary data of the
same shape if the data set is missing), minibatches of `--batch-size`, after `--warmup` untimed steps. Then it draws
`--n-sample` samples with `--sample-steps` steps of the generative process, and evaluates the discrete-time bound of
`--n-sample` data rows with as many steps; both are scaled to 1000 samples. Beside it, at the same shape, an RBM with
`--hidden` hidden units trains by PCD and by PTT with the library's defaults (`ptt.train.pcd_update` / `ptt_update`, as
`ptt.fit` steps them; 1000 chains, the library's Gibbs sweeps: 10 per PCD update, 5 per PTT sweep), `--rbm-updates` updates each after one untimed update, stepped
alternately so that a shared machine's drift affects both alike. Medians are reported, with the machine's facts.

    python benchmarks/bfn.py [--device cuda] [--steps 20] [--width 256] [--depth 3] [--sample-steps 100] [--rbm-updates 10]
"""
import argparse, os, platform, statistics, sys, time, warnings
import torch
import ptt.data, ptt.train as T
from ptt.kernels import make_generator
from ptt.threads import set_threads
from ptt.baselines import bfn as B


def _sync(device):
    if torch.device(device).type == 'cuda': torch.cuda.synchronize()


def timed(fn, device):
    _sync(device); t0 = time.perf_counter(); out = fn(); _sync(device)
    return time.perf_counter() - t0, out


def machine(device) -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open('/proc/cpuinfo') as f: cpu = next((l.split(':', 1)[1].strip() for l in f if l.startswith('model name')), cpu)
    except OSError: pass
    gpu = f", {torch.cuda.get_device_name(torch.device(device))}" if torch.device(device).type == 'cuda' else ""
    load = os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan')
    return (f"{cpu}{gpu}; {os.cpu_count()} CPUs, torch {torch.__version__} with {torch.get_num_threads()} thread(s), "
            f"device {device}, python {platform.python_version()}, load average {load:.2f}")


def hgd_data():
    try: return ptt.data.load_dataset('hgd'), 'HGD'
    except (ValueError, OSError) as e:
        print(f"HGD not found ({e}): random binary data of its shape", file=sys.stderr)
        return (torch.rand(5008, 805, generator=torch.Generator().manual_seed(0)) < 0.3).float(), 'random 5008x805'


def bench_bfn(x, a):
    train, classes, kind = B.encode(x, device=a.device)
    cfg = B.make_bfn_config(width=a.width, depth=a.depth, batch_size=a.batch_size, steps=10**9)
    run = B.start_bfn(train, classes, kind, cfg, a.device)
    g = torch.Generator(run.net.device); g.set_state(run.state.rng)
    step = lambda: B.train_step(run, B._next_batch(run.state, train, cfg['batch_size'], g), g)
    for _ in range(a.warmup): step()
    times = [timed(step, a.device)[0] for _ in range(a.steps)]
    gs = torch.Generator(run.net.device).manual_seed(1)
    t_sample, _ = timed(lambda: B.sample(run.model, a.n_sample, a.sample_steps, gs), a.device)
    t_bound, _ = timed(lambda: B.elbo(run.model, train[:a.n_sample], a.sample_steps, 1, gs), a.device)
    n_params = sum(p.numel() for p in run.net.parameters())
    return dict(step=statistics.median(times), epoch=statistics.median(times) * -(-len(train) // cfg['batch_size']),
                sample=t_sample * 1000 / a.n_sample, bound=t_bound * 1000 / a.n_sample, params=n_params)


def rbm_stepper(method, x, a):
    cfg = T.make_config(method, a.hidden, updates=10**6, seed=0)
    xx, kind, q = T.prepare_data(x, device=a.device)
    run = T.start_run(xx, kind, q, cfg, a.device)
    g = make_generator(0, a.device); g.set_state(run.state.rng)
    fn = T.ptt_update if method == 'ptt' else T.pcd_update
    def step():
        fn(run, T._next_batch(run.state, xx, run.config['batch_size'], g), g); run.state.update += 1
    step.gibbs = run.config['gibbs_steps'] * run.config.get('sweeps_per_update', 1) if method == 'ptt' else run.config['gibbs_steps']
    return step


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--device', default='cpu')
    p.add_argument('--threads', type=int, help="CPU threads (default: the package's, 1 unless PTT_THREADS/OMP_NUM_THREADS say otherwise)")
    p.add_argument('--width', type=int, default=256); p.add_argument('--depth', type=int, default=3)
    p.add_argument('--batch-size', type=int, default=256)
    p.add_argument('--steps', type=int, default=20); p.add_argument('--warmup', type=int, default=3)
    p.add_argument('--sample-steps', type=int, default=100); p.add_argument('--n-sample', type=int, default=200)
    p.add_argument('--hidden', type=int, default=100); p.add_argument('--rbm-updates', type=int, default=10)
    a = p.parse_args()
    warnings.simplefilter('ignore')
    set_threads(a.threads)
    x, name = hgd_data()
    print(machine(a.device))
    print(f"data: {name}, {tuple(x.shape)}")
    r = bench_bfn(x, a)
    print(f"BFN  (MLP {a.depth}x{a.width}, {r['params']:,} parameters, batch {a.batch_size}): {r['step'] * 1e3:.1f} ms/step, "
          f"{r['epoch']:.2f} s/epoch of {len(x)} rows")
    print(f"BFN  sampling, {a.sample_steps} steps: {r['sample']:.2f} s per 1000 samples ({r['sample'] / a.sample_steps * 1e3:.1f} ms per step per 1000)")
    print(f"BFN  bound (elbo), {a.sample_steps} steps, 1 path: {r['bound']:.2f} s per 1000 samples")
    steppers = {m: rbm_stepper(m, x, a) for m in ('pcd', 'ptt')}
    for s in steppers.values(): s()                                    # untimed first update
    times = {m: [] for m in steppers}
    for i in range(a.rbm_updates):
        for m in (('pcd', 'ptt') if i % 2 == 0 else ('ptt', 'pcd')): times[m].append(timed(steppers[m], a.device)[0])
    for m, t in times.items():
        print(f"RBM  {m.upper()} ({a.hidden} hidden, 1000 chains, {steppers[m].gibbs} Gibbs sweeps per update): {statistics.median(t) * 1e3:.1f} ms/update "
              f"(median of {len(t)}; PTT's first updates, before any freeze)")


if __name__ == '__main__': main()
