"""The engine on a CUDA device, against the same exact references as the notebooks' CPU tests.

Every test here needs a CUDA device and is skipped without one (CI has none); run them with
`pytest tests/test_cuda.py` on a machine with a GPU. Models are small enough to enumerate, so each
check compares the GPU's samples, log Z and trained models with exact enumeration, with tolerances
from the sample sizes (fixed seeds)."""
import math, os, subprocess, sys, tempfile
from pathlib import Path

import pytest, torch
import fastcore.test as ft   # its test_* names, kept out of pytest's collection

from ptt import BernoulliRBM, PottsRBM, fit, load, sample
from ptt.exact import distribution, empirical_distribution, log_partition, tv_bound, tv_distance
from ptt.kernels import gibbs, make_generator, swap, swap_log_ratios
from ptt.likelihood import ais_log_z
from ptt.rbm import RBM

CUDA = torch.device(os.environ.get('PTT_TEST_DEVICE', 'cuda'))   # PTT_TEST_DEVICE=cpu: the same checks on the CPU
pytestmark = pytest.mark.skipif(CUDA.type == 'cuda' and not torch.cuda.is_available(), reason="needs a CUDA device")


def random_model(kind, n_visible, n_hidden, q=3, seed=0, dtype=torch.float32, device=CUDA) -> RBM:
    "A small model with standard normal weights and biases, on `device`"
    g = make_generator(seed)
    w = torch.randn(n_visible, n_hidden, generator=g) if kind == 'bernoulli' else torch.randn(n_visible, q, n_hidden, generator=g)
    a = torch.randn(n_visible, generator=g) if kind == 'bernoulli' else torch.randn(n_visible, q, generator=g)
    b = torch.randn(n_hidden, generator=g)
    return (BernoulliRBM if kind == 'bernoulli' else PottsRBM)(w, a, b).to(device=device, dtype=dtype)


def assert_exact(model, samples, label):
    "TV distance between `samples` and `model`'s exact distribution below its bound at this sample size"
    _, p = distribution(model)
    d, bound = tv_distance(p, empirical_distribution(model, samples)), tv_bound(p, len(samples))
    assert d < bound, f"{label}: TV {d:.4f} exceeds {bound:.4f}"


@pytest.mark.parametrize('kind', ['bernoulli', 'potts'])
def test_gibbs_samples_exact_distribution(kind):
    m = random_model(kind, 6 if kind == 'bernoulli' else 4, 4)
    g = make_generator(0, device=CUDA)
    x = gibbs(m, m.random_visible(50_000, g), 30, g)
    ft.test_eq(x.device.type, CUDA.type)
    assert_exact(m, x, kind)


def test_exact_enumeration_agrees_with_cpu():
    for kind in ('bernoulli', 'potts'):
        m = random_model(kind, 8 if kind == 'bernoulli' else 5, 5, dtype=torch.float64)
        ft.test_close(log_partition(m).item(), log_partition(m.to(device='cpu')).item(), eps=1e-9)


def test_swap_acceptance_exact():
    "Swaps of a two-model stack drawn from the exact product distribution: the acceptance matches its exact mean"
    m0, m1 = (random_model('bernoulli', 6, 3, seed=s, dtype=torch.float64) for s in (4, 5))
    pair = BernoulliRBM(*(torch.stack([a, b]) for a, b in zip(m0.params, m1.params)))
    states, p0 = distribution(m0); _, p1 = distribution(m1)
    S = len(states)
    i0, i1 = torch.meshgrid(torch.arange(S, device=CUDA), torch.arange(S, device=CUDA), indexing='ij')
    both = torch.stack([states[i0.flatten()], states[i1.flatten()]]).double()
    acc = swap_log_ratios(pair, both, torch.tensor([0], device=CUDA))[0].clamp(max=0).exp()
    exact = ((p0[:, None] * p1[None, :]).flatten() * acc).sum().item()
    g, n = make_generator(1, device=CUDA), 200_000
    x = torch.stack([states[torch.multinomial(p, n, replacement=True, generator=g)] for p in (p0, p1)]).double()
    res = swap(pair, x, parity=0, generator=g)
    assert abs(res.acc[0].item() - exact) < 5 * math.sqrt(0.25 / n)
    assert_exact(m0, res.x[0], 'rung 0 after swap'); assert_exact(m1, res.x[1], 'rung 1 after swap')


def test_ais_log_z():
    m = random_model('bernoulli', 12, 6, seed=3)
    est = ais_log_z(m, n_chains=2000, n_betas=2000, generator=make_generator(2, device=CUDA))
    exact = log_partition(m.to(dtype=torch.float64)).item()
    assert abs(est.value - exact) < max(4 * est.se, 0.02), (est, exact)


def bimodal(n=2000, n_visible=16, weight=0.7, noise=0.05, seed=0):
    "A pattern (fraction `weight`) and its complement with bits flipped at rate `noise`: the toy that Gibbs cannot mix"
    g = make_generator(seed)
    pattern = (torch.rand(n_visible, generator=g) < 0.5).float()
    clean = torch.where(torch.rand(n, 1, generator=g) < weight, pattern, 1 - pattern)
    return (clean + (torch.rand(n, n_visible, generator=g) < noise).float()) % 2, pattern


def first_mode_weight(p_states, p, pattern):
    return p[((p_states.float() == pattern).float().mean(-1) > 0.5)].sum().item()


@pytest.fixture(scope='module')
def trained(tmp_path_factory):
    "PTT on the bimodal toy, on the GPU, saved to a run file"
    data, pattern = bimodal()
    out = tmp_path_factory.mktemp('cuda') / 'bimodal.h5'
    run = fit(data[:1500], n_hidden=4, test=data[1500:], n_chains=1000, gibbs_steps=10, updates=450, lr=0.05, max_lr=0.2,
              therm_gibbs_steps=2, seed=1, progress=False, device=CUDA, out=out)
    return run, data, pattern, out


def test_ptt_training_log_z_and_modes(trained):
    run, data, pattern, _ = trained
    ft.test_eq(run.model.device.type, CUDA.type)
    exact = log_partition(run.model.to(dtype=torch.float64)).item()
    se = run.history.logs['log_z_se'][-1]
    assert abs(run.log_z - exact) < min(0.05, 4 * se), (run.log_z, exact, se)
    for t in range(len(run.ladder)):
        assert abs(run.ladder.log_z[t].item() - log_partition(run.ladder[t].to(dtype=torch.float64)).item()) < 0.05, t
    states, p = distribution(run.model)
    w = first_mode_weight(states, p, pattern.to(CUDA))
    chains = run.state.chains[-1]
    w_chains = ((chains == pattern.to(CUDA)).float().mean(-1) > 0.5).float().mean().item()
    assert abs(w_chains - w) < 4 * math.sqrt(w * (1 - w) / len(chains)), (w_chains, w)
    assert abs(w - 0.7) < 0.1, w                         # both modes kept at about the data's weights


def test_run_file_moves_between_devices(trained):
    "A run trained on the GPU loads on the CPU, resumes there, and back on the GPU"
    run, data, _, out = trained
    cpu = load(out)
    ft.test_eq(cpu.model.device.type, 'cpu')
    assert torch.equal(cpu.model.weights, run.model.weights.cpu())
    more = fit(data[:1500], resume=cpu, updates=470, progress=False)
    ft.test_eq(more.state.update, 470)
    back = fit(data[:1500], resume=load(out, device=CUDA), updates=460, progress=False, device=CUDA)
    ft.test_eq((back.state.update, back.model.device.type), (460, CUDA.type))


def test_sample_on_gpu(trained):
    run, _, pattern, _ = trained
    s = sample(run, n=4000, seed=2)
    x = s.x if hasattr(s, 'x') else s
    states, p = distribution(run.model)
    w = first_mode_weight(states, p, pattern.to(CUDA))
    w_s = ((x.to(CUDA) == pattern.to(CUDA)).float().mean(-1) > 0.5).float().mean().item()
    assert abs(w_s - w) < 4 * math.sqrt(w * (1 - w) / len(x)), (w_s, w)


def test_potts_training():
    g = make_generator(7)
    consensus = torch.randint(0, 4, (2, 8), generator=g)
    seqs = consensus[(torch.rand(1500, generator=g) < 0.3).long()]
    seqs = torch.where(torch.rand(seqs.shape, generator=g) < 0.1, torch.randint(0, 4, seqs.shape, generator=g), seqs)
    run = fit(seqs[:1000], n_hidden=3, test=seqs[1000:], n_chains=1000, gibbs_steps=10, updates=300, lr=0.05, max_lr=0.2,
              therm_gibbs_steps=2, seed=2, progress=False, device=CUDA)
    ft.test_eq((type(run.model), run.model.device.type), (PottsRBM, CUDA.type))
    exact = log_partition(run.model.to(dtype=torch.float64)).item()
    assert abs(run.log_z - exact) < min(0.05, 4 * run.history.logs['log_z_se'][-1]), (run.log_z, exact)


def test_cli_on_gpu():
    "The README's first job on the GPU, shortened: train, evaluate, sample"
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, PYTHONUNBUFFERED='1')
        ptt = [sys.executable, '-m', 'ptt']
        def run(*args):
            r = subprocess.run(ptt + list(args), cwd=d, env=env, capture_output=True, text=True, timeout=600)
            assert r.returncode == 0, r.stderr[-3000:]
            return r
        run('train', 'ising', '--out', 'ising.h5', '--updates', '60', '--device', str(CUDA))
        run('ising', '--L', '8', '--beta', '0.55', '-n', '500', '--seed', '1', '--out', 'test.npy')
        run('eval', 'ising.h5', 'test.npy', '--device', str(CUDA))
        run('sample', 'ising.h5', '-n', '500', '--out', 'samples.npy', '--device', str(CUDA))
        assert (Path(d) / 'samples.npy').exists()
