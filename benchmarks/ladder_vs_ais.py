"""On the retina study's final models, `ptt.sample`'s temperature-ladder log Z read 0.05 nats above AIS on average
(N_h = 32, 24_neural). Which of the two is off? The same training at a hidden size whose log Z is exact by enumeration
(N_h = 20 or 24; at 32, AIS with four times the temperatures as the reference): PTT on the library's defaults with the study's budget, then against the exact log Z, several
temperature ladders (`ptt.sample`, its defaults) and several AIS runs (the study's: 500 chains, 20,000 temperatures, from
the training data's independent model). A run per seed of each, e.g.

    OMP_NUM_THREADS=1 python benchmarks/ladder_vs_ais.py --hidden 20 24 32 --repeats 4 --samples 15000
    OMP_NUM_THREADS=1 python benchmarks/ladder_vs_ais.py --saved pcd:1000 --repeats 6 --samples 15000
"""
import argparse, json, math, time, warnings
from pathlib import Path
import numpy as np
import torch
from ptt.studies.neural import FULL, study_data, train_run, load_model, AIS_CHAINS, AIS_BETAS
from ptt.likelihood import ais_log_z, vbias_from_data
from ptt.exact import log_partition
from ptt.sample import sample


def estimates(model, data:dict, repeats:int, n_samples:int=1000, alpha:float=0.3, ais:bool=True, first:int=0) -> dict:
    "Exact log Z of `model`, and `repeats` temperature-ladder and AIS estimates with their stated errors and seconds"
    m = model.to(dtype=torch.float64)
    t = time.perf_counter()
    exact = log_partition(m, max_states=2**24).item() if m.n_hidden <= 24 else math.nan
    out = dict(exact=exact, exact_seconds=time.perf_counter() - t)
    for name in ('ladder', 'ais', 'ais_long'): out[name] = []
    for r in range(first, first + repeats):
        t = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            s = sample(m, n_samples, 'temperature', alpha=alpha, seed=100 + r, full=True)
        out['ladder'].append(dict(value=s.log_z[-1].item(), se=s.log_z_se[-1].item(), rungs=len(s.log_z),
                                  thermalized=bool(s.report.reliable), seconds=time.perf_counter() - t))
        if not ais: continue
        t = time.perf_counter()
        a = ais_log_z(m, AIS_CHAINS, AIS_BETAS, base_vbias=vbias_from_data(m, data['train']),
                      generator=torch.Generator().manual_seed(2000 + r))
        out['ais'].append(dict(value=float(a.value), se=float(a.se), seconds=time.perf_counter() - t))
        if m.n_hidden > 24:                              # no exact value: is AIS still short of its limit?
            t = time.perf_counter()
            a = ais_log_z(m, AIS_CHAINS, 4 * AIS_BETAS, base_vbias=vbias_from_data(m, data['train']),
                          generator=torch.Generator().manual_seed(3000 + r))
            out['ais_long'].append(dict(value=float(a.value), se=float(a.se), seconds=time.perf_counter() - t))
    return out


def summary(out:dict) -> str:
    ref = out['exact'] if not math.isnan(out['exact']) else out.get('reference') or np.mean([e['value'] for e in out['ais_long']])
    lines = [f"exact log Z {out['exact']:.4f}" if not math.isnan(out['exact'])
             else f"no exact log Z: against the mean of the AIS runs with 4x the temperatures, {ref:.4f}"]
    for name in [n for n in ('ladder', 'ais', 'ais_long') if out.get(n)]:
        d = np.array([e['value'] - ref for e in out[name]]); se = np.array([e['se'] for e in out[name]])
        lines.append(f"  {name:8s} minus reference: " + ', '.join(f"{v:+.4f}" for v in d)
                     + f"; mean {d.mean():+.4f} ± {d.std(ddof=1) / np.sqrt(len(d)) if len(d) > 1 else float('nan'):.4f}"
                     + f"; stated SE {se.mean():.4f}; mean z² {np.mean((d / se) ** 2):.2f}")
    return '\n'.join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--hidden', type=int, nargs='+', default=[20])
    p.add_argument('--chains', type=int, default=1000, help="training chains (the study's first point)")
    p.add_argument('--updates', type=int, default=FULL['updates'])
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--repeats', type=int, default=4)
    p.add_argument('--first', type=int, default=0, help="the first repeat's index (its seeds): more repeats in another file")
    p.add_argument('--samples', type=int, default=1000, help="samples a ladder records (its log Z is estimated from them)")
    p.add_argument('--alpha', type=float, default=0.3, help="the ladders' target acceptance between neighbours")
    p.add_argument('--reference', help="a result file of the same model whose AIS runs give the reference (no AIS here)")
    p.add_argument('--saved', help="METHOD:CHAINS: the retina study's saved final model of that point (split seed "
                   "--seed) instead of a new PTT training; --hidden is then its 32")
    p.add_argument('--out', default='benchmarks/results/ladder_vs_ais')
    a = p.parse_args()
    out_dir = Path(a.out); out_dir.mkdir(parents=True, exist_ok=True)
    data = study_data(FULL)
    if a.saved:                                   # a model the study trained and saved
        method, chains = a.saved.split(':')
        f = out_dir / f"retina_saved_{method}_c{chains}_s{a.seed}_n{a.samples}{f'_r{a.first}' if a.first else ''}.json"
        model = load_model('nbs/results/neural', method, int(chains), a.seed)
        out = dict(saved=a.saved, n_hidden=model.n_hidden, seed=a.seed, samples=a.samples, alpha=a.alpha,
                   **estimates(model, data, a.repeats, a.samples, a.alpha, a.reference is None, a.first))
        if a.reference: out |= {k: json.loads(Path(a.reference).read_text())[k] for k in ('ais', 'ais_long')}
        f.write_text(json.dumps(out, indent=1)); print(f"{a.saved}:\n{summary(out)}", flush=True)
        return
    for n_hidden in a.hidden:
        f = out_dir / (f"retina_h{n_hidden}_c{a.chains}_s{a.seed}_n{a.samples}" + (f"_a{a.alpha}" if a.alpha != 0.3 else '') + (f"_r{a.first}" if a.first else '')
                       + '.json')
        if f.exists(): print(f"{f} exists"); print(summary(json.loads(f.read_text()))); continue
        s = dict(FULL, n_hidden=n_hidden, updates=a.updates)
        t = time.perf_counter(); run = train_run('ptt', a.chains, a.seed, data, s); train_seconds = time.perf_counter() - t
        out = dict(n_hidden=n_hidden, chains=a.chains, updates=a.updates, seed=a.seed, train_seconds=train_seconds,
                   samples=a.samples, own_log_z=float(run.history.logs['log_z'][-1]),
                   alpha=a.alpha, **estimates(run.model, data, a.repeats, a.samples, a.alpha, a.reference is None, a.first))
        if a.reference:                                   # the AIS runs of the same model, made before
            r = json.loads(Path(a.reference).read_text())
            out |= {k: r[k] for k in ('ais', 'ais_long') if r.get(k)} | dict(reference_file=a.reference)
        f.write_text(json.dumps(out, indent=1))
        print(f"N_h = {n_hidden}: trained in {train_seconds:.0f} s, own log Z minus exact "
              f"{out['own_log_z'] - out['exact']:+.4f}\n{summary(out)}", flush=True)


if __name__ == '__main__':
    main()
