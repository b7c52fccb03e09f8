"""Categorical draws at PF13354's shape (1000 chains x 202 sites x 21 states): the library's draw beside the alternatives.

    python benchmarks/draw.py [--device cuda] [--repeats 50]

Each draw is first checked against the softmax probabilities (z-scores of 200 draws per cell; mean z^2 near 1), then timed,
interleaved. `categorical_indices` is the library's: the cumulative distribution and a search on the CPU, the race of
exponential clocks (`race_indices`) elsewhere. The last lines split the cumulative-distribution draw into its parts."""
import argparse, statistics, time, torch
from ptt.rbm import categorical_indices, race_indices

def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
    p.add_argument('--repeats', type=int, default=50)
    args = p.parse_args()
    dev = torch.device(args.device)
    sync = torch.cuda.synchronize if dev.type == 'cuda' else (lambda: None)
    g = torch.Generator(device=dev).manual_seed(0)
    logits = torch.randn(1000, 202, 21, device=dev, generator=g) * 2
    def cdf_search():
        cdf = logits.softmax(-1).cumsum_(-1)
        return torch.searchsorted(cdf, torch.rand(cdf.shape[:-1] + (1,), generator=g, device=dev)).squeeze_(-1).clamp_(max=20)
    def count():
        cdf = logits.softmax(-1).cumsum_(-1)
        return (cdf < torch.rand(cdf.shape[:-1] + (1,), generator=g, device=dev)).sum(-1).clamp_(max=20)
    def gumbel(): return (logits - torch.rand(logits.shape, generator=g, device=dev).log_().neg_().log_()).argmax(-1)
    fns = {'categorical_indices': lambda: categorical_indices(logits, g), 'cdf + searchsorted': cdf_search, 'cdf + count': count,
           'gumbel (uniforms)': gumbel, 'race_indices': lambda: race_indices(logits, g),
           'torch.multinomial': lambda: torch.multinomial(logits.softmax(-1).view(-1, 21), 1, generator=g).view(1000, 202)}
    prob = logits.softmax(-1)
    print(f"device {dev}" + (f" ({torch.cuda.get_device_name(dev)})" if dev.type == 'cuda' else "") + f", torch {torch.__version__}, {torch.get_num_threads()} threads")
    for name, f in fns.items():
        c = torch.zeros_like(prob)
        for _ in range(200): c.scatter_add_(-1, f().unsqueeze(-1), torch.ones_like(prob[..., :1]))
        z = (c / 200 - prob) / (prob * (1 - prob) / 200).clamp_min(1e-12).sqrt()
        print(f"{name:20} check: mean z^2 {z.pow(2).mean().item():.3f} over {prob.numel()} cells")
    times = {k: [] for k in fns}
    for f in fns.values(): f(); f()
    for _ in range(args.repeats):
        for k, f in fns.items():
            sync(); t = time.perf_counter(); f(); sync(); times[k].append(time.perf_counter() - t)
    for k, ts in times.items(): print(f"{k:20} {1e3 * statistics.median(ts):8.3f} ms")
    cdf, u = prob.cumsum(-1), torch.rand(1000, 202, 1, generator=g, device=dev)
    parts = dict(softmax=lambda: logits.softmax(-1), cumsum=lambda: prob.cumsum(-1), uniforms=lambda: torch.rand(1000, 202, 1, generator=g, device=dev),
                 searchsorted=lambda: torch.searchsorted(cdf, u))
    for k, f in parts.items():
        ts = []
        for _ in range(max(5, args.repeats // 2)): sync(); t = time.perf_counter(); f(); sync(); ts.append(time.perf_counter() - t)
        print(f"  part: {k:14} {1e3 * statistics.median(ts):8.3f} ms")

if __name__ == '__main__': main()
