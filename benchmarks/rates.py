"""Which rate rule trains the best PTT models: exact test log-likelihood at equal updates, each PTT variant against PCD.

Every point is one (data set, variant, seed) run of `ptt.fit` with 16 hidden units and 1000 chains, evaluated every
`--every` updates (its own log Z included); at the end each checkpoint's log-likelihood is computed *exactly* by
enumerating the hidden layer (`ptt.exact`), so no estimator flatters any variant. Data sets, each split 60/40 by
`ptt.data.split(x, 0.4, seed=0)`:

* `hgd`: the Human Genome Dataset (805 SNPs, 5008 haplotypes);
* `mnist`: the first 10,000 binarized MNIST training images;
* `medical`: the medical records (241 patients, one-hot);
* `ising`: 10,000 Swendsen-Wang configurations of the L = 8 Ising torus at beta = 0.6.

Variants (`VARIANTS` below): `pcd` (fixed rate 0.01, the baseline), `cosine` (the per-group cosine rule from 0.01,
max 0.1: the defaults before this benchmark), `fixed` (PTT at a fixed 0.01), `sign` (one rate, x1.002 / x0.998 on
the sign of successive gradients' dot product, from 0.01, max 0.1), `sign-group` (the same per parameter group),
`sign-margin` (`sign`, rejecting a step only below alpha - 0.2), `paper` (`sign-margin` with the paper's rates,
start 1e-3, max 0.01), `sign-centered` (`sign-margin`, centered gradient), `fixed-margin`; and with the whole training
set as the batch (no data noise in the gradient): `cosine-full`, `sign-full` (`sign-margin`'s settings), `pcd-full`;
with batches drawn independently of each other (`batches='independent'`): `cosine-iid`, `sign-iid`, `pcd-iid`; and with
the step's gain bounded (`max_gain=1`, 09_train): `sign-gain`, `fixed-gain`; and rejecting a step for an unreliable
prediction only when the reweighting's effective sample size is below 1% instead of 10% (`min_ess=0.01`): `fixed-ess`, `sign-ess`;
`sign-centered-floor`: `sign-centered` whose rule never sets the rate below its start (`lr_floor=0.01`).
`sign-gain-256`: `sign` without the margin and with `max_gain=1`, the gains read from 256 chains; `default`: the
library's PTT defaults since this benchmark, stated in full (`sign-gain-256` whose rule never sets the rate below its
start, `lr_floor=0.01`); `default-lr02`, `default-lr04`: `default` from (and floored at) 0.02, 0.04; `default-d3`, `lr02-d3`, `lr02-d6`: the three (six) stiffest directions damped (`damped=3`), the rates capped by the next; `lr02-d3-cap1`: `lr02-d3` with the rate allowed up to 1.0 instead of 0.1; `lr02-d3-g25`: `lr02-d3-cap1` whose rates grow 5% per update while the step's first undamped gain is below 0.25 (`min_gain=0.25`); `lr02-d3-g90`: the same with the floor at 0.9 of the bound; `cosine-gain`: `cosine` with `max_gain=1`; `sign-centered-gain`: `sign-centered` with `max_gain=1` (centered, the rates are scaled rather than one direction damped).

Each point is saved as `DIR/<data>_<variant>_s<seed>.json` (with its run file beside it while it runs, so an
interrupted point resumes where it stopped); points already saved are skipped. `--table` prints the comparison.

    python benchmarks/rates.py --data hgd --variants all --seeds 0 --updates 3000 [--out DIR] [--threads 1]
    python benchmarks/rates.py --table [--out DIR]
    python benchmarks/rates.py --seconds [--out DIR]
"""
import argparse, json, math, os, sys, time, warnings
from pathlib import Path
import numpy as np
import torch
import ptt.data, ptt.exact
from ptt.train import fit

SIGN = dict(lr_rule='sign', per_group=False)
VARIANTS = {'pcd': dict(method='pcd', lr=0.01),
            'cosine': dict(lr_rule='cosine', lr=0.01, max_lr=0.1),
            'fixed': dict(adaptive=False, lr=0.01),
            'sign': dict(SIGN, lr=0.01, max_lr=0.1),
            'sign-group': dict(SIGN, per_group=True, lr=0.01, max_lr=0.1),
            'sign-margin': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2),
            'paper': dict(SIGN, lr=1e-3, max_lr=0.01, reject_margin=0.2),
            'sign-centered': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, centered=True),
            'fixed-margin': dict(adaptive=False, lr=0.01, reject_margin=0.2),
            'cosine-full': dict(lr_rule='cosine', lr=0.01, max_lr=0.1, batch_size='all'),
            'sign-full': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, batch_size='all'),
            'pcd-full': dict(method='pcd', lr=0.01, batch_size='all'),
            'cosine-iid': dict(lr_rule='cosine', lr=0.01, max_lr=0.1, batches='independent'),
            'sign-iid': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, batches='independent'),
            'pcd-iid': dict(method='pcd', lr=0.01, batches='independent'),
            'sign-gain': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, max_gain=1.),
            'fixed-gain': dict(adaptive=False, lr=0.01, reject_margin=0.2, max_gain=1.),
            'fixed-ess': dict(adaptive=False, lr=0.01, reject_margin=0.2, min_ess=0.01),
            'sign-ess': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, min_ess=0.01),
            'sign-centered-floor': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, centered=True, lr_floor=0.01),
            'sign-gain-256': dict(lr_rule='sign', per_group=False, lr=0.01, max_lr=0.1, max_gain=1., gain_chains=256),
            'default': dict(lr_rule='sign', per_group=False, lr=0.01, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.01),
            'default-lr02': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.02),
            'default-lr04': dict(lr_rule='sign', per_group=False, lr=0.04, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.04),
            'default-d3': dict(lr_rule='sign', per_group=False, lr=0.01, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.01, damped=3),
            'lr02-d3': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.02, damped=3),
            'lr02-d3-cap1': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=1.0, max_gain=1., gain_chains=256, lr_floor=0.02, damped=3),
            'lr02-d3-g25': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=1.0, max_gain=1., gain_chains=256, lr_floor=0.02, damped=3, min_gain=0.25),
            'lr02-d3-g90': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=1.0, max_gain=1., gain_chains=256, lr_floor=0.02, damped=3, min_gain=0.9),
            'lr02-d6': dict(lr_rule='sign', per_group=False, lr=0.02, max_lr=0.1, max_gain=1., gain_chains=256, lr_floor=0.02, damped=6),
            'cosine-gain': dict(lr_rule='cosine', lr=0.01, max_lr=0.1, max_gain=1.),
            'sign-centered-gain': dict(SIGN, lr=0.01, max_lr=0.1, reject_margin=0.2, centered=True, max_gain=1.)}


def load(name:str) -> tuple:
    "(train, test) of a benchmark data set"
    if name == 'hgd': x = ptt.data.hgd()[0]
    elif name == 'mnist': x = ptt.data.mnist()[0][:10_000]
    elif name == 'medical': x = ptt.data.medical()[0]
    elif name == 'ising': x = ptt.data.ising(8, 0.6, 10_000, seed=0)
    else: raise SystemExit(f"unknown data set {name!r}: hgd, mnist, medical or ising")
    return ptt.data.split(x, 0.4, seed=0)


def checkpoint_rows(run, train, test) -> list:
    "Exact log Z, test and train log-likelihoods of every checkpoint, beside the run's own log Z and state at that update"
    logs, steps = run.history.logs, run.history.steps
    upd = list(steps['update'])
    rows = []
    for i, (u, model) in enumerate(run.checkpoints):
        log_z = ptt.exact.log_partition(model).item()
        j = upd.index(u)
        row = dict(update=int(u), seconds=float(logs['seconds'][i]), log_z=log_z,
                   test_ll=ptt.exact.log_likelihood(model, test, log_z).item(),
                   train_ll=ptt.exact.log_likelihood(model, train, log_z).item(),
                   **{k: float(steps[f'lr_{k}'][j]) for k in ('weights', 'vbias', 'hbias')})
        if run.ladder is not None:
            row.update(own_log_z=float(logs['log_z'][i]), own_log_z_se=float(logs['log_z_se'][i]), rungs=int(steps['n_rungs'][j]),
                       rejections=int(np.sum(steps['rejected'][:j + 1])))
        rows.append(row)
    return rows


def magnetization_signs(model, test) -> dict:
    "The final Ising model's exact weight of positive magnetizations (ties: half), beside the test data's"
    from ptt.studies.ising import exact_check
    m = 2 * test.double().mean(1) - 1
    return dict(model=exact_check(model, test, 8)['exact_moments']['frac_pos'], test=((m > 0).double().mean() + (m == 0).double().mean() / 2).item())


def continents(model, n:int=5000, seed:int=0) -> dict:
    "HGD: the continents of `n` exact samples of `model` (majority of the 10 Hamming-nearest training haplotypes), beside the test data's, and their TV"
    from ptt.studies.hgd import knn_labels, continent_fractions, tv
    x, _, _, cont = ptt.data.hgd()
    tr, te = (t[:, 0] for t in ptt.data.split(torch.arange(len(x)).unsqueeze(1), 0.4, seed=0))
    cont = np.asarray(cont)
    samples = ptt.exact.exact_samples(model, n, torch.Generator().manual_seed(seed))
    m, t = (continent_fractions(knn_labels(y, x[tr], cont[tr])) for y in (samples, x[te]))
    return dict(model=m, test=t, tv=tv(m, t), n_samples=n)


def run_point(data:str, variant:str, seed:int, updates:int, every:int, out:Path, threads:int|None):
    path = out / f"{data}_{variant}_s{seed}.json"
    if path.exists(): return print(f"{path.name}: saved already", flush=True)
    train, test = load(data)
    kw = dict(VARIANTS[variant]); method = kw.pop('method', 'ptt')
    if kw.get('batch_size') == 'all': kw['batch_size'] = len(train)
    run_file = out / f"{data}_{variant}_s{seed}.h5"
    t0 = time.time()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        extra = dict(final_eval='none') if method == 'ptt' else dict(pcd_exact_log_z=1)
        run = fit(train, 16, method, test=test, n_chains=1000, updates=updates, seed=seed, log_every=every, out=run_file,
                  resume='auto', progress=False, threads=threads, save_minutes=2., **extra, **kw)
    if run.state.stopped == 'interrupted': return print(f"{path.name}: interrupted at update {run.state.update}; run again to resume", flush=True)
    rows = checkpoint_rows(run, train, test)
    res = dict(data=data, variant=variant, seed=seed, settings=dict(VARIANTS[variant]), updates=run.state.update, stopped=run.state.stopped,
               train_seconds=run.state.seconds, wall_seconds=time.time() - t0, n_train=len(train), n_test=len(test),
               warnings=sorted({str(w.message)[:200] for w in caught}), checkpoints=rows)
    if run.ladder is not None: res['rung_updates'] = list(map(int, run.ladder.updates))
    if data == 'ising': res['clusters'] = magnetization_signs(run.model, test)
    if data == 'hgd': res['clusters'] = continents(run.model)
    tmp = path.with_suffix('.tmp'); tmp.write_text(json.dumps(res, indent=1)); tmp.replace(path)
    run_file.unlink(missing_ok=True)
    last = rows[-1]
    print(f"{path.name}: {run.state.update} updates, test LL {last['test_ll']:.2f} (best {max(r['test_ll'] for r in rows):.2f}), "
          f"{run.state.seconds:.0f} s of training" + (f", stopped: {run.state.stopped}" if run.state.stopped else ""), flush=True)


def table(out:Path, every:int=500):
    "Exact test LL at equal updates, one row per (data, variant), seeds averaged; PCD's row first"
    pts = [json.loads(p.read_text()) for p in sorted(out.glob('*_s[0-9]*.json'))]
    for data in sorted({p['data'] for p in pts}):
        mine = [p for p in pts if p['data'] == data]
        ups = sorted({r['update'] for p in mine for r in p['checkpoints'] if r['update'] % every == 0})
        print(f"\n{data}: exact test log-likelihood at update (mean over seeds; [seeds])")
        print(f"| variant | " + " | ".join(map(str, ups)) + " | best | s/update | rates at end (W/a/b) | rungs, rejections | own log Z - exact (max abs) | clusters at end |")
        print("|---" * (len(ups) + 7) + "|")
        order = sorted({p['variant'] for p in mine}, key=lambda v: list(VARIANTS).index(v) if v in VARIANTS else 99)
        for v in order:
            ps = [p for p in mine if p['variant'] == v]
            cell = []
            for u in ups:
                vals = [r['test_ll'] for p in ps for r in p['checkpoints'] if r['update'] == u]
                cell.append(f"{np.mean(vals):.1f}" if vals else "")
            best = np.mean([max(r['test_ll'] for r in p['checkpoints']) for p in ps])
            spu = np.mean([p['train_seconds'] / max(p['updates'], 1) for p in ps])
            end = ps[0]['checkpoints'][-1]
            rates = "/".join(f"{end[k]:.2g}" for k in ('weights', 'vbias', 'hbias'))
            lad = f"{end['rungs']}, {end['rejections']}" if 'rungs' in end else ""
            gap = max((abs(r['own_log_z'] - r['log_z']) for p in ps for r in p['checkpoints'] if 'own_log_z' in r), default=math.nan)
            print(f"| {v} [{len(ps)}] | " + " | ".join(cell) + f" | {best:.1f} | {spu:.3f} | {rates} | {lad} | {gap:.3f} | {clusters(ps)} |")


def seconds_table(out:Path, marks=(30, 60, 120, 240, 480, 960)):
    "Exact test LL against training seconds: each point's last checkpoint at or before each mark, seeds averaged (blank: not reached)"
    pts = [json.loads(p.read_text()) for p in sorted(out.glob('*_s[0-9]*.json'))]
    for data in sorted({p['data'] for p in pts}):
        mine = [p for p in pts if p['data'] == data]
        print(f"\n{data}: exact test log-likelihood after training seconds (mean over seeds; [seeds])")
        print("| variant | " + " | ".join(f"{m} s" for m in marks) + " |")
        print("|---" * (len(marks) + 1) + "|")
        for v in sorted({p['variant'] for p in mine}, key=lambda v: list(VARIANTS).index(v) if v in VARIANTS else 99):
            ps = [p for p in mine if p['variant'] == v]
            cell = []
            for m in marks:
                vals = [max((r for r in p['checkpoints'] if r['seconds'] <= m), key=lambda r: r['seconds'])['test_ll']
                        for p in ps if p['checkpoints'][-1]['seconds'] >= m]
                cell.append(f"{np.mean(vals):.1f}" if len(vals) == len(ps) else "")
            print(f"| {v} [{len(ps)}] | " + " | ".join(cell) + " |")


def clusters(points:list) -> str:
    "The points' cluster weights at the end: HGD's continental TV to the test data, Ising's weight of positive magnetizations (test data's after /)"
    c = [p['clusters'] for p in points if 'clusters' in p]
    if not c: return ""
    if 'tv' in c[0]: return "TV " + ", ".join(f"{x['tv']:.3f}" for x in c)
    return ", ".join(f"{x['model']:.2f}" for x in c) + f" / {c[0]['test']:.2f}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--data', default='hgd', help="comma-separated: hgd, mnist, medical, ising")
    p.add_argument('--variants', default='all', help="comma-separated names of VARIANTS, or all")
    p.add_argument('--seeds', default='0', help="comma-separated seeds")
    p.add_argument('--updates', type=int, default=3000)
    p.add_argument('--every', type=int, default=250)
    p.add_argument('--threads', type=int, default=1)
    p.add_argument('--out', default='benchmarks/results/rates')
    p.add_argument('--table', action='store_true', help="print the table of the saved points and stop")
    p.add_argument('--seconds', action='store_true', help="print the saved points' test LL against training seconds and stop")
    a = p.parse_args()
    out = Path(a.out); out.mkdir(parents=True, exist_ok=True)
    if a.table: return table(out)
    if a.seconds: return seconds_table(out)
    variants = list(VARIANTS) if a.variants == 'all' else a.variants.split(',')
    for v in variants:
        if v not in VARIANTS: raise SystemExit(f"unknown variant {v!r}: {', '.join(VARIANTS)}")
    for data in a.data.split(','):
        for seed in map(int, a.seeds.split(',')):
            for v in variants: run_point(data, v, seed, a.updates, a.every, out, a.threads)


if __name__ == '__main__': main()
