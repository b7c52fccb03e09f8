"""What PTT's adaptive rate does on one point of the retina study (`ptt.studies.neural`, 1000 chains, seed 0, FULL's
budget), on the library's defaults or with settings changed: the rate, the step's gain and the rejected steps along
training, beside the test log-likelihood. E.g.

    python benchmarks/retina_rates.py
    python benchmarks/retina_rates.py "dict(centered=True)"

Prints a table every 250 updates and writes `benchmarks/results/retina_rates/<settings>.json`.
"""
import json, math, re, sys, time
from pathlib import Path
import numpy as np
import torch
from ptt.studies.neural import FULL, study_data, train_run

OUT = Path('benchmarks/results/retina_rates')

def every(steps:dict, key:str, k:int=250) -> list:
    "The median of `steps[key]` over each block of `k` updates"
    v = np.asarray(steps.get(key, []), dtype=float)
    return [float(np.nanmedian(v[i:i + k])) for i in range(0, len(v), k)]

def main(settings:str='dict()'):
    torch.set_num_threads(1)
    s = dict(FULL, ptt=dict(eval(settings, {'dict': dict})))
    t0 = time.perf_counter()
    run = train_run('ptt', 1000, 0, study_data(s), s)
    st, logs = run.history.steps, run.history.logs
    rejected = [int(u) for u, r in zip(st['update'], st.get('rejected', [])) if r == 1]
    out = dict(settings=settings, seconds=time.perf_counter() - t0, rungs=len(run.ladder),
               blocks=list(range(0, len(st['update']), 250)), lr_weights=every(st, 'lr_weights'),
               lr_vbias=every(st, 'lr_vbias'), lr_hbias=every(st, 'lr_hbias'), gain=every(st, 'gain'),
               rejected=rejected, test_ll=dict(update=logs['update'], value=logs['test_ll']))
    print(f"{settings}: {out['seconds']:.0f} s, {out['rungs']} rungs, {len(rejected)} rejected steps")
    print("updates      lr_weights    lr_vbias    lr_hbias  gain")
    for b, w, v, h, g in zip(out['blocks'], out['lr_weights'], out['lr_vbias'], out['lr_hbias'], out['gain']):
        print(f"{b:>5}-{b + 249:<5} {w:10.3g} {v:10.3g} {h:10.3g} {g:6.3f}")
    print("test LL:", ", ".join(f"{int(u)}: {v:.4f}" for u, v in zip(logs['update'], logs['test_ll'])
                                if math.isfinite(v) and int(u) % 1000 == 0))
    OUT.mkdir(parents=True, exist_ok=True)
    name = 'defaults' if settings == 'dict()' else re.sub(r'[^a-z0-9.=_]+', '_', settings.lower()).strip('_')
    (OUT / f'{name}.json').write_text(json.dumps(out))

if __name__ == '__main__': main(sys.argv[1] if len(sys.argv) > 1 else 'dict()')
