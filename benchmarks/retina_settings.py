"""One point of the retina study (`ptt.studies.neural`, PTT, 1000 chains, seed 0, FULL's budget) with PTT's settings
changed from the library's defaults, to take apart PTT's gap to PCD at its tuned rate: e.g.

    python benchmarks/retina_settings.py "dict(lr_decay=0.3)"
    python benchmarks/retina_settings.py "dict(centered=True)"

Prints the correlation errors against the test set and writes `benchmarks/results/cap/retina_point_<settings>.json`.
"""
import json, re, sys
from pathlib import Path
import torch
from ptt.studies.neural import FULL, study_data, study_point

def main(settings:str):
    torch.set_num_threads(1)
    s = dict(FULL, ptt=dict(eval(settings, {'dict': dict})))
    r, _, _ = study_point('ptt', 1000, 0, s, study_data(s))
    print(settings, r['mse'], f"{r['train_seconds']:.0f} s", flush=True)
    name = re.sub(r'[^a-z0-9.=_]+', '_', settings.lower()).strip('_')
    Path('benchmarks/results/cap').mkdir(parents=True, exist_ok=True)
    Path(f'benchmarks/results/cap/retina_point_{name}.json').write_text(json.dumps(
        dict(settings=settings, mse=r['mse'], pearson=r['pearson'], train_seconds=r['train_seconds'])))

if __name__ == '__main__': main(sys.argv[1] if len(sys.argv) > 1 else 'dict()')
