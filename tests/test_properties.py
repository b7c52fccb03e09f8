"""Property-based tests (hypothesis) of the data readers and of the settings' validation.

Readers: any bytes under any known extension, any text table, any FASTA text give an array of real numbers or a `ValueError` with a
one-line message, never another exception; valid arrays come back as they were written. Settings: for every numeric setting of
`make_config`, a value is accepted exactly when it satisfies the setting's stated rule, and a refused value raises a `ValueError` that
names the setting; the command line checks its options through the same function and names the option instead.
"""
import gzip, math, tempfile
from pathlib import Path
import h5py
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra import numpy as hnp

from ptt.data import load_array, read_fasta
from ptt.train import make_config
from ptt.config import LEARNING_RATES, MAX_RATE
from ptt import cli, train_command

FAST = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

@pytest.fixture(scope='module')
def folder():
    with tempfile.TemporaryDirectory() as d: yield Path(d)

def outcome(f):
    "The value of `f()`, or the message of the `ValueError` it raised (checked to be one non-empty line); any other exception fails"
    try: return f()
    except ValueError as e:
        msg = str(e)
        assert msg.strip() and '\n' not in msg, repr(msg)
        return msg

def real_array_or_message(x):
    if isinstance(x, str): return
    assert isinstance(x, np.ndarray) and x.dtype.kind in 'biuf', (type(x), getattr(x, 'dtype', None))
    assert x.dtype.kind != 'u' or x.dtype == np.uint8                # wider unsigned integers come back as int64 (torch's kind)


# --- data readers -----------------------------------------------------------------------------------------------------------

EXTENSIONS = ['.npy', '.npz', '.h5', '.hdf5', '.txt', '.csv', '.tsv', '.dat', '.txt.gz', '.fasta', '.fa.gz']

@FAST
@given(ext=st.sampled_from(EXTENSIONS), content=st.binary(max_size=600),
       prefix=st.sampled_from([b'', b'\x93NUMPY\x01\x00', b'PK\x03\x04', b'\x89HDF\r\n\x1a\n', b'\x1f\x8b\x08\x00', b'>a\n']))
def test_any_bytes(folder, ext, content, prefix):
    p = folder / f'bytes{ext}'
    p.write_bytes(prefix + content)
    real_array_or_message(outcome(lambda: load_array(p)))

TABLE_TEXT = st.lists(st.sampled_from(list('0123456789.-+e,; \t\n#') + ['nan', 'inf', 'x', '1e400', '\r\n']), max_size=80).map(''.join)

@FAST
@given(text=TABLE_TEXT, ext=st.sampled_from(['.txt', '.csv', '.tsv', '.dat', '.csv.gz']))
def test_any_table_text(folder, text, ext):
    p = folder / f'table{ext}'
    with (gzip.open if ext.endswith('.gz') else open)(p, 'wt') as f: f.write(text)
    x = outcome(lambda: load_array(p))
    real_array_or_message(x)
    if isinstance(x, np.ndarray): assert x.ndim == 2

@FAST
@given(rows=st.lists(st.lists(st.integers(0, 9), min_size=2, max_size=5), min_size=1, max_size=5).filter(lambda r: len({len(x) for x in r}) == 1))
def test_semicolon_table_is_named(folder, rows):
    p = folder / 'semi.csv'
    p.write_text('\n'.join(';'.join(map(str, r)) for r in rows) + '\n')
    msg = outcome(lambda: load_array(p))
    assert isinstance(msg, str) and "separated by ';'" in msg and 'semi.csv' in msg

FASTA_TEXT = st.text(alphabet=st.sampled_from(list('>ACDEFGHIKLMNPQRSTVWYacdxXBZ-.*0 \n\té')), max_size=200)

@FAST
@given(text=FASTA_TEXT, unknown=st.sampled_from(['error', 'gap']))
def test_any_fasta_text(folder, text, unknown):
    p = folder / 'any.fasta'
    p.write_text(text, encoding='utf-8')
    r = outcome(lambda: read_fasta(p, unknown=unknown))
    if isinstance(r, tuple):
        seqs, names = r
        assert seqs.ndim == 2 and len(seqs) == len(names) and seqs.shape[1] > 0
        assert seqs.min() >= 0 and seqs.max() <= 20

DTYPES = st.sampled_from([np.bool_, np.uint8, np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.float16, np.float32, np.float64])

@FAST
@given(x=DTYPES.flatmap(lambda dt: hnp.arrays(dt, hnp.array_shapes(min_dims=1, max_dims=3, max_side=6))),
       ext=st.sampled_from(['.npy', '.npz', '.h5']))
def test_arrays_round_trip(folder, x, ext):
    p = folder / f'a{ext}'
    if ext == '.npy': np.save(p, x)
    elif ext == '.npz': np.savez(p, data=x)
    else:
        with h5py.File(p, 'w') as f: f['data'] = x
    y = load_array(p)
    np.testing.assert_array_equal(y, x)
    assert y.shape == x.shape and (y.dtype == x.dtype or (x.dtype.kind == 'u' and x.dtype != np.uint8 and y.dtype == np.int64))

@FAST
@given(x=hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, max_side=6),
                    elements=st.floats(allow_nan=False, allow_infinity=False, width=64)), comma=st.booleans())
def test_text_round_trip(folder, x, comma):
    p = folder / ('t.csv' if comma else 't.txt')
    np.savetxt(p, x, fmt='%.17g', delimiter=',' if comma else ' ')
    np.testing.assert_array_equal(load_array(p), x)


# --- settings ---------------------------------------------------------------------------------------------------------------

INF = math.inf
INTS = {'n_hidden': 1, 'n_chains': 1, 'gibbs_steps': 1, 'updates': 1, 'reservoir_factor': 1, 'therm_min_sweeps': 1,
        'therm_max_sweeps': 1, 'max_rejections': 1, 'pcd_exact_log_z': 1, 'batch_size': 1, 'sweeps_per_update': 1,
        'therm_gibbs_steps': 1, 'log_every': 1, 'local_min_sweeps': 1, 'local_max_sweeps': 1, 'audit_every': 0, 'seed': 0}
REALS = {'lr': (0, INF, True, True), 'max_lr': (0, INF, True, True), 'lr_floor': (0, INF, True, True), 'min_lr': (0, INF, True, True),
         'therm_factor': (0, INF, True, True), 'init_std': (0, INF, False, True), 'l2': (0, INF, False, True),
         'alpha': (0, 1, True, True), 'min_ess': (0, 1, True, False), 'lr_decay': (0, 1, False, True)}   # (low, high, open below, open above)
RATES = {'lr', 'max_lr', 'lr_floor', 'min_lr'}              # also checked against each other (min_lr <= lr <= max_lr, floor in between)

VALUES = st.one_of(st.integers(-3, 3), st.integers(-2**70, 2**70), st.floats(), st.floats(-2, 2), st.booleans(), st.just('3'),
                   st.just(None), st.sampled_from([np.int64(4), np.float32(0.5), np.bool_(True)]))

def rule(name, v) -> bool:
    "Whether `v` satisfies the stated rule of setting `name` on its own"
    is_bool = isinstance(v, (bool, np.bool_))
    if name in INTS:
        if v is None: return name in ('gibbs_steps', 'batch_size', 'sweeps_per_update', 'therm_gibbs_steps', 'log_every')
        return isinstance(v, (int, np.integer)) and not is_bool and v >= INTS[name]
    low, high, low_open, high_open = REALS[name]
    if v is None: return name in ('lr', 'max_lr', 'lr_floor')
    if is_bool or not isinstance(v, (int, float, np.integer, np.floating)) or not math.isfinite(v): return False
    return (v > low if low_open else v >= low) and (v < high if high_open else v <= high)

def rates_consistent(name, v, method) -> bool:
    "Whether a rate `v` given alone fits the default rates (`LEARNING_RATES`, max_lr max(MAX_RATE, lr) for PTT, lr for PCD, min_lr 1e-7 capped at lr, no floor)"
    lr = v if name == 'lr' and v is not None else LEARNING_RATES[method]
    max_lr = v if name == 'max_lr' and v is not None else max(MAX_RATE, lr) if method == 'ptt' else lr
    min_lr = min(v if name == 'min_lr' else 1e-7, lr)
    floor = v if name == 'lr_floor' else None
    return min_lr <= lr <= max_lr and (floor is None or min_lr <= floor <= max_lr)

@FAST
@given(name=st.sampled_from(sorted(INTS) + sorted(REALS)), v=VALUES, method=st.sampled_from(['ptt', 'pcd']))
def test_settings(name, v, method):
    if name == 'n_hidden': args, kw = (method, v), {}
    else: args, kw = (method, 4), {name: v}
    r = outcome(lambda: make_config(*args, **kw))
    accepted = rule(name, v) and (name not in RATES or rates_consistent(name, v, method))
    if accepted:
        assert isinstance(r, dict), (name, v, r)
        if v is not None and name != 'min_lr': assert r[name] == v
    else:
        assert isinstance(r, str), (name, v, r)
        assert name in r or (name == 'lr_floor' and 'floor' in r), (name, v, r)

CLI_OPTIONS = {'--hidden': 'n_hidden', '--updates': 'updates', '--chains': 'n_chains', '--gibbs-steps': 'gibbs_steps',
               '--batch-size': 'batch_size', '--lr': 'lr', '--max-lr': 'max_lr', '--lr-floor': 'lr_floor', '--lr-decay': 'lr_decay',
               '--alpha': 'alpha', '--init-std': 'init_std', '--seed': 'seed'}

@FAST
@given(option=st.sampled_from(sorted(CLI_OPTIONS)), v=st.one_of(st.integers(-5, 5), st.integers(-2**40, 2**40), st.floats(-3, 3),
                                                                 st.sampled_from([math.nan, math.inf, -math.inf, 0.0, 1e-300])))
def test_cli_options(option, v):
    "Each numeric option of `ptt train`, through the parser and the check the command runs before any work"
    name, is_int = CLI_OPTIONS[option], CLI_OPTIONS[option] in INTS
    if is_int and isinstance(v, float): v = int(v) if math.isfinite(v) else 0
    a = cli.build_parser().parse_args(['train', 'data.npy', f'{option}={v!r}'])     # (option=value: '-inf' is a value, not an option)
    r = outcome(lambda: train_command._check_train_options(a, a.hidden if option == '--hidden' else 32, None))
    accepted = rule(name, v) and (name not in RATES or rates_consistent(name, v, 'ptt'))
    if accepted: assert isinstance(r, dict) and (option == '--hidden' or r[name] == v), (option, v, r)
    else: assert isinstance(r, str) and option in r, (option, v, r)

@FAST
@given(v=st.one_of(st.floats(), st.floats(-1, 2)))
def test_cli_test_frac(v):
    a = cli.build_parser().parse_args(['train', 'data.npy', f'--test-frac={v!r}'])
    r = outcome(lambda: train_command._check_train_options(a, 32, None))
    if math.isfinite(v) and 0 <= v < 1: assert isinstance(r, dict)
    else: assert isinstance(r, str) and '--test-frac' in r
