"""How often the log Z that PTT logs along training misses exact enumeration: HGD, N_h = 16, part 2's settings.

Trains PTT for UPDATES updates (1000 chains, adaptive rate from 0.01 up to 0.1, no final evaluation), logging every 25,
then compares every logged log Z with the exact value of its checkpoint, and counts how often the logged `lag` (the last
step's forward minus backward estimate) flags the misses and the good points. Prints one line per run and writes the rows
to OUT/g{GIBBS}_s{SEED}.json.

    OMP_NUM_THREADS=1 python benchmarks/logged_log_z.py --gibbs 5 --seed 0 [--updates 1500] [--out benchmarks/results/logged_log_z]
"""
import argparse, json, time, warnings
from pathlib import Path
import torch
import ptt, ptt.train as T
from ptt.exact import log_partition

FLAG = 4     # a logged update is flagged when its lag (ptt.likelihood.step_disagreement) exceeds FLAG standard errors


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--gibbs', type=int, default=None, help="Gibbs sweeps per PTT sweep (default: the library's)")
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--updates', type=int, default=1500)
    p.add_argument('--every', type=int, default=25)
    p.add_argument('--out', default='benchmarks/results/logged_log_z')
    a = p.parse_args()
    warnings.simplefilter('ignore'); torch.set_num_threads(1)
    x, *_ = ptt.data.hgd()
    train, test = ptt.data.split(x, 0.4, seed=0)
    t0 = time.time()
    run = T.fit(train, 16, 'ptt', test=test, updates=a.updates, n_chains=1000, seed=a.seed, progress=False, gibbs_steps=a.gibbs,
                lr=0.01, max_lr=0.1, log_every=a.every, final_eval='none')
    seconds, logs, rows = time.time() - t0, run.history.logs, []
    extra = logs.get('lag_sweeps', [0] * len(logs['update']))             # extra updates' sweeps an evaluation took (since 1bf6cfc's successor)
    for u, z, se, (_, model), ll, lag, lag_se, ex in zip(logs['update'], logs['log_z'], logs['log_z_se'], run.checkpoints, logs['test_ll'],
                                                        logs['lag'], logs['lag_se'], extra):
        exact = log_partition(model).item()
        rows.append(dict(update=int(u), err=z - exact, se=se, z=(z - exact) / se, test_ll=ll + z - exact,   # test LL with the exact log Z
                         lag=lag, lag_se=lag_se, flagged=lag > FLAG * lag_se, extra_sweeps=int(ex)))
    worst = max(rows, key=lambda r: abs(r['err']))
    out = dict(gibbs=run.config['gibbs_steps'], seed=a.seed, updates=a.updates, seconds=seconds, rungs=len(run.ladder),
               mean_z2=sum(r['z'] ** 2 for r in rows) / len(rows), over4=sum(abs(r['z']) > 4 for r in rows),
               over01=sum(abs(r['err']) > 0.1 for r in rows), worst=worst, rows=rows,
               misses_flagged=sum(r['flagged'] for r in rows if abs(r['err']) > 0.1),
               false_flags=sum(r['flagged'] for r in rows if abs(r['err']) <= 0.05), good=sum(abs(r['err']) <= 0.05 for r in rows),
               swept_on=sum(r['extra_sweeps'] > 0 for r in rows), extra_sweeps=sum(r['extra_sweeps'] for r in rows))
    print(f"gibbs {out['gibbs']} seed {a.seed}: {a.updates} updates {seconds:.0f} s, {out['rungs']} rungs; logged log Z against exact over "
          f"{len(rows)} checkpoints: mean z² {out['mean_z2']:.2f}, |z| > 4: {out['over4']}, |error| > 0.1 nats: {out['over01']}, "
          f"worst {worst['err']:+.3f} (z {worst['z']:+.1f}) at update {worst['update']}; last exact test LL {rows[-1]['test_ll']:.2f}; "
          f"lag > {FLAG:g} SE at {out['misses_flagged']} of the {out['over01']} misses and at {out['false_flags']} of the {out['good']} points within 0.05; "
          f"{out['swept_on']} evaluations swept on ({out['extra_sweeps']} updates' sweeps in all)")
    Path(a.out).mkdir(parents=True, exist_ok=True)
    (Path(a.out) / f"g{out['gibbs']}_s{a.seed}.json").write_text(json.dumps(out))


if __name__ == '__main__':
    main()
