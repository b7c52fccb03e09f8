"""How low the swap acceptance between the last rung and the current model goes during PTT training, as measured.

The paper's authors' code learns this acceptance only after the fact, from the swaps, so it keeps a candidate rung
(a copy of the model when the acceptance first drops below 2α) and inserts it when the acceptance drops below α: a
bridge for the updates until the next rung. `ptt` predicts the acceptance of each proposed step before taking it
(reweighting, `ptt.ladder.overlap_energies`) and freezes the current model first when it would fall below α. This
script reads the per-update records of run files (`history/steps`: measured acceptance, predicted acceptance of the
step taken, freezes, rejections) and prints how low the measured acceptance went and how well the prediction held.

    python tools/acceptance_record.py RUN.h5 [RUN.h5 ...] [--alpha 0.25]
"""
import argparse
import h5py, numpy as np

def record(path:str, alpha:float) -> dict:
    "Summary of one run file's per-update acceptances"
    with h5py.File(path, 'r') as f:
        s = f['history/steps']
        acc, pred, froze = s['acceptance'][()], s['predicted_acceptance'][()], s['froze'][()]
        rejected = s['rejected'][()] if 'rejected' in s else np.zeros_like(acc)
    ok = np.isfinite(acc)
    miss = (acc[1:] - pred[:-1])[np.isfinite(acc[1:]) & np.isfinite(pred[:-1]) & (rejected[:-1] == 0)]
    after = acc[1:][froze[:-1] > 0]
    return dict(updates=len(acc), min=acc[ok].min(), q01=np.quantile(acc[ok], 0.01), median=np.median(acc[ok]),
                below_alpha=np.mean(acc[ok] < alpha), freezes=int(froze.sum()), rejections=int(np.nansum(rejected)),
                after_freeze=np.nanmin(after) if len(after) else np.nan, miss_mean=miss.mean(), miss_sd=miss.std())

if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('runs', nargs='+'); p.add_argument('--alpha', type=float, default=0.25)
    a = p.parse_args()
    print("| run | updates | measured acceptance: min / 1% / median | share below α | freezes | rejections | lowest after a freeze | measured − predicted (mean ± sd) |")
    print("|---|---|---|---|---|---|---|---|")
    for path in a.runs:
        r = record(path, a.alpha)
        print(f"| {path.split('/')[-1]} | {r['updates']} | {r['min']:.3f} / {r['q01']:.3f} / {r['median']:.3f} | {r['below_alpha']:.4f} | {r['freezes']} | "
              f"{r['rejections']} | {r['after_freeze']:.3f} | {r['miss_mean']:+.3f} ± {r['miss_sd']:.3f} |")
