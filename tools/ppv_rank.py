"""What a Potts RBM's size allows of PF13354's contacts: the contact precision (PPV) of mean-field DCA's couplings
cut to their k leading eigenmodes (a rank-k coupling matrix, as an RBM of k hidden units has in the quadratic
expansion), beside the saved RBMs' own PPV.

    python tools/ppv_rank.py [results folder] [--gaussian]    # default nbs/results/proteins; 3 minutes on one core

(`--gaussian` adds the RBMs' 'gaussian' couplings: 4-5 minutes and some 20 GB of memory each, at the library's chunk.)

Measured 2026-11-28 (PPV at 50, 100, 200, 500 pairs): mean-field DCA 1.00/0.99/0.96/0.88; its 40 leading modes (by
|eigenvalue|) 0.72/0.62/0.575/0.48, 100 and 200 modes less (0.66/0.55/0.45/0.43, 0.66/0.57/0.46/0.42), 400 modes
0.94/0.90/0.82/0.70, 1000 modes 1.00/0.99/0.95/0.85. The 40-hidden PTT RBMs: 0.36/0.36/0.385/0.33 at 20,000 updates,
0.32/0.30/0.33/0.31 at 40,000; by 'gaussian' couplings the same (0.36/0.35/0.365/0.33 and 0.32/0.32/0.34/0.31). So a
rank-40 coupling matrix can hold twice the trained RBMs' precision, and this one reaches edDCA's (0.90 at 100 pairs)
only with some 400 modes: the RBMs lose to edDCA partly by their size and partly by what training puts in their modes.
"""
import inspect, sys, time
from pathlib import Path
import torch
from ptt.studies.proteins import ppv_summary, couplings_and_scores, family, load_model, FULL
from ptt.proteins import (site_frequencies, pair_frequencies, contact_scores, mean_field_matrix, matrix_couplings,
                          mean_field_dca)

def ppv(scores:torch.Tensor, contacts) -> str:
    return '/'.join(f"{v:.3g}" for v in ppv_summary(scores, contacts)['at'].values())

if __name__ == '__main__':
    args = [a for a in sys.argv[1:] if a != '--gaussian']
    folder = Path(args[0] if args else Path(__file__).resolve().parents[1] / 'nbs/results/proteins')
    ctx = family(FULL)
    n, q = ctx['train'].shape[1], ctx['q']
    for unit in ('ptt', 'ptt_long'):
        if not (folder / f'{unit}.pt').exists(): continue
        model = load_model(folder, unit)
        for how in ('quadratic', 'gaussian') if '--gaussian' in sys.argv else ('quadratic',):
            t0 = time.perf_counter()
            line = ppv(couplings_and_scores(model, how)[1], ctx['contacts'])
            print(f"{unit} RBM, {how} couplings: PPV {line} ({time.perf_counter() - t0:.0f} s)", flush=True)
    x, w = ctx['train'], ctx['weights']
    pc = inspect.signature(mean_field_dca).parameters['pseudocount'].default       # the study's (`reference`)
    m = mean_field_matrix(site_frequencies(x, w, q, pc), pair_frequencies(x, w, q, pc))
    site = torch.arange(n).repeat_interleave(q - 1)
    m = torch.where(site[:, None] == site[None, :], torch.zeros_like(m), m)                 # no diagonal blocks
    print(f"mean-field DCA: PPV {ppv(contact_scores(matrix_couplings(m, q)), ctx['contacts'])}", flush=True)
    lam, U = torch.linalg.eigh(m)
    lead = lam.abs().argsort(descending=True)
    for k in (10, 20, 40, 100, 200, 400, 1000):
        i = lead[:k]                                         # the k modes of largest |eigenvalue|
        J = matrix_couplings((U[:, i] * lam[i]) @ U[:, i].T, q)
        print(f"{k} leading modes: PPV {ppv(contact_scores(J), ctx['contacts'])}", flush=True)
