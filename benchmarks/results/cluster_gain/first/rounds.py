import math, torch
import ptt.train as T
MAX_ROUNDS = [20]
FACTOR = [1.0]
STATS = []
def lean_swaps(run, g):
    s, res = run.state, run.state.reservoir
    x = s.chains[-1]
    f_x, fr_x, l_x = T._chain_free_energies(run)
    fres = T.reservoir_free_energies(run)
    acc, r, rounds = 0., 0, 1
    while r < rounds:
        idx = res.draw_indices(len(x), g); y = res.samples[idx]
        l_y = run.model.hidden_logits(y); f_y = run.model.free_energy(y, l_y); fr_y = fres[idx]
        if r == 0:                                # ESS/n of the draws reweighted to the current model: sets the rounds
            lw = -(f_y - fr_y).double(); w = (lw - lw.max()).exp(); ess = (w.sum()**2 / (w * w).sum() / len(w)).item()
            rounds = max(1, min(MAX_ROUNDS[0], math.ceil(FACTOR[0] / ess)))
            STATS.append((ess, rounds))
        log_r = (f_x - fr_x) - (f_y - fr_y)
        a = torch.rand(log_r.shape, generator=g, device=x.device, dtype=log_r.dtype).log_() < log_r
        x = torch.where(a.view(-1, *[1] * (x.dim() - 1)), y, x)
        f_x, fr_x, l_x = torch.where(a, f_y, f_x), torch.where(a, fr_y, fr_x), torch.where(a.unsqueeze(-1), l_y, l_x)
        acc += log_r.clamp(max=0).exp().mean(); r += 1
    return x, acc / rounds, l_x
T.lean_swap = lean_swaps
