"""PTT on the library's defaults on the retinal recordings (the retina study's split, 32 hidden units, 1000 chains,
minibatches of 2000, 4000 updates, two PTT sweeps of 10 Gibbs sweeps per update, one thread): the final model sampled at equilibrium and its correlation errors
against the test set, as `ptt.studies.neural` measures them. `plain` turns the gain floor off (`min_gain=0`), `gain`
keeps the default. Writes `benchmarks/results/cap/retina_<variant>.json`.

    python benchmarks/retina_defaults.py plain|gain
"""
import json, sys, time
from pathlib import Path
import torch
from ptt.studies.neural import FULL, study_data, sample_run, correlation_mse
from ptt.train import fit

def main(variant:str):
    torch.set_num_threads(1)
    data = study_data(FULL)
    kw = dict(n_chains=1000, gibbs_steps=10, updates=4000, batch_size=2000, seed=0, log_every=200, progress=False,
              final_eval='local')
    if variant == 'plain': kw['min_gain'] = 0.
    t = time.perf_counter()
    run = fit(data['train'], 32, 'ptt', test=data['test'], **kw)
    logs, steps = run.history.logs, run.history.steps
    out = dict(variant=variant, seconds=time.perf_counter() - t, rungs=len(run.ladder),
               curve={k: [float(v) for v in logs[k]] for k in ('update', 'test_ll', 'train_ll', 'log_z')},
               rate=[float(v) for v in steps['lr_weights'][::100]], gain=[float(v) for v in steps['gain'][::100]])
    x, out['sampler'] = sample_run(run, FULL, 0)
    out['mse'] = correlation_mse(x, data['ref']['test'], data['triplets'])
    Path('benchmarks/results/cap').mkdir(parents=True, exist_ok=True)
    Path(f'benchmarks/results/cap/retina_{variant}.json').write_text(json.dumps(out, default=str))
    print(variant, out['mse'], out['curve']['test_ll'][-1], f"{out['seconds']:.0f} s")

if __name__ == '__main__': main(sys.argv[1] if len(sys.argv) > 1 else 'gain')
