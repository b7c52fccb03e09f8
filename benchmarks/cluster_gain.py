"""Does the current model's cluster weight run ahead of its training chains? HGD with N_h = 16 hidden units, whose models
can be sampled exactly (hidden states enumerated): every 10 updates, the African fraction of 3000 exact samples of the current
model and of the training chains (10-nearest-neighbour labels from the training haplotypes).

    OMP_NUM_THREADS=1 python benchmarks/cluster_gain.py NAME [UPDATES] [key=value ...]   # settings passed to ptt.fit

e.g. `max_gain=0` (the adaptive rate without the gain cap), `centered=true`. Writes benchmarks/results/cluster_gain/NAME.json."""
import sys, json, time
from pathlib import Path
import torch, numpy as np
from ptt.train import fit
from ptt.exact import enumerate_states
from ptt.studies.hgd import study_data, FULL, knn_labels
from ptt.kernels import make_generator

def setting(v:str):
    try: return json.loads(v)
    except json.JSONDecodeError: return v

def main(name:str, updates:int=1500, **over):
    torch.set_num_threads(1)
    data = study_data(FULL)
    train, labels = data['train'], data['train_continent']
    hidden = enumerate_states(16).float()
    g = make_generator(123)
    african = lambda x: float((knn_labels(x, train, labels, 10) == 'AFR').mean())
    def exact_african(m, n=3000):
        lw = -m.hidden_free_energy(hidden).double()
        return african(m.sample_visible(hidden[torch.multinomial((lw - lw.max()).exp(), n, replacement=True, generator=g)], g))
    rows, t0 = [], time.time()
    def record(run):
        u = run.state.update
        if u % 10 and u != updates: return
        rows.append(dict(update=u, seconds=time.time() - t0, chains=african(run.state.chains[-1]), model=exact_african(run.model),
                         rungs=len(run.ladder), lr=run.state.opt.rates['weights'], gain=run.history.steps['gain'][-1]))
        print(json.dumps(rows[-1]), flush=True)
    cfg = dict(n_chains=1000, updates=updates, lr=0.01, seed=0, log_every=max(1, updates // 20), final_eval='none', progress=False,
               threads=1, centered=False) | over
    run = fit(train, 16, 'ptt', test=data['test'], callback=record, **cfg)
    half = rows[len(rows) // 2:]
    out = dict(name=name, settings=over, updates=updates, seconds=time.time() - t0, test_ll=run.history.logs['test_ll'][-1], rungs=len(run.ladder),
               model_sd=float(np.std([r['model'] for r in half])), mean_abs_gap=float(np.mean([abs(r['chains'] - r['model']) for r in half])),
               test_african=float((data['test_continent'] == 'AFR').mean()), rows=rows)
    folder = Path(__file__).parent / 'results' / 'cluster_gain'; folder.mkdir(parents=True, exist_ok=True)
    (folder / f'{name}.json').write_text(json.dumps(out, indent=1))
    print({k: v for k, v in out.items() if k != 'rows'})

if __name__ == '__main__':
    main(sys.argv[1], *([int(sys.argv[2])] if len(sys.argv) > 2 and '=' not in sys.argv[2] else []),
         **dict((kv.split('=', 1)[0], setting(kv.split('=', 1)[1])) for kv in sys.argv[2:] if '=' in kv))
