"""How far PTT's training chains lag the current model at one update: HGD, N_h = 16, the settings of `train.py --part ll`.

Trains PTT to update UPDATE (the trajectory is deterministic for a seed), then compares with exact enumeration: the
logged log Z, the ladder's top rung, and the log Z step from the newest rung to the current model measured with the
chains after 1, 2 and 4 updates' worth of PTT sweeps of the current model (a copy; training is untouched).

    OMP_NUM_THREADS=1 python benchmarks/lag.py 497 [--gibbs 5] [--seed 0]
"""
import argparse, warnings, torch
import ptt, ptt.train as T, ptt.evaluate as E
from ptt.exact import log_partition


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('update', type=int)
    p.add_argument('--gibbs', type=int, default=None, help="Gibbs sweeps per PTT sweep (default: the library's)")
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args()
    warnings.simplefilter('ignore'); torch.set_num_threads(1)
    x, *_ = ptt.data.hgd()
    train, test = ptt.data.split(x, 0.4, seed=a.seed)
    kw = dict(n_chains=1000, seed=a.seed, log_every=10**9, progress=False, lr=0.01, max_lr=0.1, final_eval='none', gibbs_steps=a.gibbs)
    run = T.fit(train, 16, 'ptt', test=test, updates=1, **kw)           # as part 2 starts it, then resumed
    run = T.fit(train, test=test, resume=run, updates=a.update, progress=False)
    exact = log_partition(run.model).item()
    logs = run.history.logs
    print(f"update {run.state.update}: logged log Z {logs['log_z'][-1]:.4f} ± {logs['log_z_se'][-1]:.4f}, exact {exact:.4f} "
          f"(difference {logs['log_z'][-1] - exact:+.4f})")
    print(f"ladder: {len(run.ladder)} rungs frozen at {run.ladder.updates}; top rung minus exact "
          f"{run.ladder.log_z[-1].item() - log_partition(run.ladder.last).item():+.4f}")
    one = E.chains_of_current_model
    for rounds in (1, 2, 4):
        def several(r, g, k=rounds):
            s = r.state; kept = s.chains, s.parity
            try:
                for _ in range(k): s.chains = one(r, g)
                return s.chains
            finally: s.chains, s.parity = kept
        E.chains_of_current_model = several
        value, se = T.current_log_z(run)
        print(f"  log Z from the chains after {rounds} update(s) of sweeps of the current model: {value - exact:+.4f} ± {se:.4f} from exact")
    E.chains_of_current_model = one


if __name__ == '__main__':
    main()
