"""Time one alternating Gibbs sweep of ptt's kernel next to its floor, measured in the same run.

The floor of a sweep is what no implementation can avoid: the two matrix products (visible→hidden and
hidden→visible, batched over the rungs of a stack) and drawing one uniform per unit. For a Potts RBM (categorical
visible units; the protein family PF13354's shape, 202 sites × 21 states) the floor is the gathered sum of one weight
row per site for visible→hidden (what the kernel does instead of a product with the N_v·q one-hot columns), the
product hidden→visible (N_v·q outputs), one uniform per hidden unit and per site, and the categorical draw's own
unavoidable work: one exponential per state, the cumulative sum over a site's states, and the site's uniform (scaled by
the total) placed in it by a binary search. Everything else (bias, sigmoid, the softmax's shift and
normalization) should add little on top. For Potts shapes the floor without the draw (products and uniforms only) is
printed too, as `products ms`. Sweeps are timed as training runs them, in calls of
`--sweeps` consecutive sweeps (PTT and PCD use 10), and reported per sweep; kernel and floor are timed
interleaved, so that the drift of a shared machine affects both alike. Usage:

    python benchmarks/sweep.py [--device cuda] [--chains 1000] [--sweeps 10] [--repeats 15]

The last line is `worst ratio to floor: X.XX`.
"""
import argparse, statistics, time
import torch
from ptt.rbm import BernoulliRBM, PottsRBM, stack
from ptt.kernels import gibbs, make_generator


def _sync(device):
    if torch.device(device).type == 'cuda': torch.cuda.synchronize()


def timed_pair(fns, device, repeats):
    "Median wall times (seconds) of each function in `fns`, measured interleaved so that drift affects all alike"
    for fn in fns: fn(); fn()
    times = [[] for _ in fns]
    for _ in range(repeats):
        for fn, ts in zip(fns, times):
            _sync(device); t0 = time.perf_counter(); fn(); _sync(device)
            ts.append(time.perf_counter() - t0)
    return [statistics.median(ts) for ts in times]


def ladder(n_visible, n_hidden, n_rungs, device, generator, n_states=None):
    "A stack of `n_rungs` random models (a single model when `n_rungs` is 1); Potts models when `n_states` is given"
    make = (lambda: BernoulliRBM.random(n_visible, n_hidden, std=0.05, generator=generator)) if n_states is None else \
           (lambda: PottsRBM.random(n_visible, n_states, n_hidden, std=0.05, generator=generator))
    models = [make().to(device) for _ in range(n_rungs)]
    return models[0] if n_rungs == 1 else stack(models)


def floor_fn(model, v, generator, k):
    "The unavoidable work of `k` sweeps: both matrix products (the same kind the sweep uses) and one uniform per unit (per site, for Potts)"
    if isinstance(model, PottsRBM): return potts_floor_fn(model, v, generator, k)
    w = model.weights
    h = torch.empty(v.shape[:-1] + (w.shape[-1],), device=v.device)
    uh, uv, vout = torch.empty_like(h), torch.empty_like(v), torch.empty_like(v)
    wt = w.transpose(-1, -2)
    mm = torch.bmm if model.is_stack else torch.mm
    def run():
        for _ in range(k):
            mm(v, w, out=h)
            torch.rand(h.shape, generator=generator, out=uh, device=v.device)
            mm(h, wt, out=vout)
            torch.rand(v.shape, generator=generator, out=uv, device=v.device)
    return run


def potts_floor_fn(model, v, generator, k, draw=True):
    "The unavoidable work of `k` Potts sweeps: one gathered weight row per site summed (visible→hidden), the product hidden→visible, one uniform per hidden unit and per site, and (`draw`) the categorical draw's exponentials, cumulative sums and searches (off the CPU: one exponential per state and the argmax, as the kernel's race draws)"
    n_v, q, n_h = model.weights.shape[-3:]
    rows = v.argmax(-1) + torch.arange(n_v, device=v.device) * q
    if model.is_stack: rows = rows + (torch.arange(v.shape[0], device=v.device) * n_v * q).view(-1, 1, 1)
    rows, table = rows.reshape(-1, n_v), model.weights.reshape(-1, n_h)
    wt = model.weights.flatten(-3, -2).transpose(-1, -2)
    hshape = v.shape[:-2] + (n_h,)
    uh, uv = torch.empty(hshape, device=v.device), torch.empty(v.shape[:-1], device=v.device)
    vout = torch.empty(v.shape[:-2] + (n_v * q,), device=v.device)
    mm = torch.bmm if model.is_stack else torch.mm
    race = v.device.type != 'cpu'
    def run():
        for _ in range(k):
            h = torch.nn.functional.embedding_bag(rows, table, mode='sum').view(hshape)
            torch.rand(hshape, generator=generator, out=uh, device=v.device)
            mm(h, wt, out=vout)
            torch.rand(uv.shape, generator=generator, out=uv, device=v.device)
            if draw:                   # rung by rung, as the kernel draws (a whole stack's cumulative sums at once overflow the caches)
                for e, u in zip(vout.view(-1, *v.shape[-3:]), uv.view(-1, *v.shape[-3:-1])):
                    if race:           # off the CPU the kernel races exponential clocks: one exponential per state and the argmax
                        e.view(v.shape[-3:]).exponential_(generator=generator).argmax(-1)
                        continue
                    cdf = e.exp_().view(v.shape[-3:]).cumsum(-1)
                    torch.searchsorted(cdf, u.unsqueeze(-1) * cdf[..., -1:])
    return run


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
    p.add_argument('--chains', type=int, default=1000)
    p.add_argument('--sweeps', type=int, default=10)
    p.add_argument('--repeats', type=int, default=15)
    args = p.parse_args()
    g = make_generator(0, args.device)
    print(f"device {args.device}, {args.chains} chains per rung, {args.sweeps} sweeps per call, torch {torch.__version__}, "
          f"{torch.get_num_threads()} threads")
    print(f"{'N_v':>5} {'q':>3} {'N_h':>5} {'rungs':>5} {'sweep ms':>10} {'floor ms':>10} {'ratio':>6} {'products ms':>12} {'ratio':>6}")
    worst = 0.
    for n_visible, n_hidden, n_states in [(784, 100, None), (400, 40, None), (202, 100, 21)]:
        for n_rungs in (1, 2, 16):
            model = ladder(n_visible, n_hidden, n_rungs, args.device, g, n_states)
            v = model.random_visible(args.chains, g)
            k = args.sweeps
            fns = [lambda: gibbs(model, v, k, g), floor_fn(model, v, g, k)]
            if n_states: fns.append(potts_floor_fn(model, v, g, k, draw=False))
            sweep, floor, *products = (t / k for t in timed_pair(fns, args.device, args.repeats))
            worst = max(worst, sweep / floor)
            extra = f" {products[0]*1e3:>12.3f} {sweep/products[0]:>6.2f}" if products else ''
            print(f"{n_visible:>5} {n_states or 2:>3} {n_hidden:>5} {n_rungs:>5} {sweep*1e3:>10.3f} {floor*1e3:>10.3f} {sweep/floor:>6.2f}{extra}")
    print(f"worst ratio to floor: {worst:.2f}")


if __name__ == '__main__': main()
