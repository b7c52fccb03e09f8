"""Issue #47, the adversarial cases: damaged run files (each field removed, retyped, reshaped, made non-finite) given to `ptt eval`,
`ptt sample` and `ptt train --resume`, bad data values, full disks, and `--resume` below the updates done. Each must end with exit status 2
and one line on stderr naming the file — no traceback — and leave every file byte for byte as it was. A hypothesis test mutates a saved
run file at random: loading it either gives back the same run or raises the one ValueError 'FILE: damaged run file (...)'."""
import contextlib, errno, io, json, math, os, shutil, subprocess, tempfile, uuid
from pathlib import Path
import h5py, numpy as np, pytest, torch
from hypothesis import given, settings, HealthCheck, strategies as st
import ptt
from ptt.cli import main
from ptt.data import split
from ptt.run import load_run, save_run, WriteError, History

# --- tiny runs, built once: PTT (centered, with a gain bound: every optional field), PCD, and a Potts PTT run with two simulated rungs
BASE = Path(tempfile.mkdtemp(prefix='ptt-test-damaged-'))
_rng = np.random.default_rng(0)
BIN = (_rng.random((40, 6)) < 0.3).astype(np.uint8)
POTTS = _rng.integers(0, 3, (40, 5))
np.save(BASE / 'bin.npy', BIN); np.save(BASE / 'potts.npy', POTTS)
_TINY = dict(n_chains=6, updates=3, final_eval='none', min_reservoir=50, progress=False, batch_size=10)
RUNS = {'ptt': ('bin.npy', dict(method='ptt', centered=True, max_gain=1.0)), 'pcd': ('bin.npy', dict(method='pcd')),
        'potts': ('potts.npy', dict(method='ptt', simulated_rungs=1))}
for name, (data, kw) in RUNS.items():      # trained on the CLI's own split of the file, so that `ptt train FILE --resume` takes them
    train_x = split(np.load(BASE / data), 0.4, seed=0)[0]
    ptt.fit(train_x, 3, out=BASE / f'{name}.h5', **_TINY, **kw)


def run_cli(*argv):
    "Exit status, stdout and stderr of `ptt *argv`, run in this process"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err): code = main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()

def files(folder:Path) -> dict:
    "Every file under `folder`, by name, with its bytes"
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob('*') if p.is_file()}

def assert_refused(argv, folder:Path, *names):
    "`ptt *argv` exits with 2 and one line on stderr naming each of `names`, no traceback, and leaves every file in `folder` as it was"
    before = files(folder)
    code, out, err = run_cli(*argv)
    assert code == 2, (argv, code, err)
    assert err.startswith('ptt: error: ') and err.count('\n') == 1 and 'Traceback' not in err, err
    assert all(str(n) in err for n in names), (names, err)
    assert files(folder) == before, argv                  # nothing changed, nothing written (not even a temporary file)
    return err


# --- damaged run files
def _paths(f:h5py.File) -> list:
    "(path, dataset?) of everything in a run file; of the history, one column per table (the others are alike)"
    found = []
    f.visititems(lambda name, obj: found.append((name, isinstance(obj, h5py.Dataset))))
    seen, keep = set(), []
    for name, is_set in found:
        parts = name.split('/')
        if parts[0] == 'history' and len(parts) == 3:
            if parts[1] in seen: continue
            seen.add(parts[1])
        keep.append((name, is_set))
    return keep

def _replace(f, path, value):
    del f[path]; f[path] = value

def _retyped(a:np.ndarray):
    "An array of the other kind: integers for floats, floats for integers"
    return a.astype(np.float64) if a.dtype.kind in 'iu' else np.nan_to_num(a).astype(np.int64)

def _reshaped(a:np.ndarray):
    "One entry fewer along the first axis (a scalar: a 1-D array)"
    return a[:-1] if a.ndim else np.asarray([a])

def _non_finite(a:np.ndarray):
    a = a.astype(np.float64) if a.dtype.kind not in 'f' else a.copy()
    if a.size: a.flat[0] = np.inf if np.isnan(a.flat[0]) else np.nan      # (a history column may hold NaN already)
    return a

MUTATIONS = {'removed': lambda f, p: f.__delitem__(p), 'as text': lambda f, p: _replace(f, p, 'not a number'),
             'retyped': lambda f, p: _replace(f, p, _retyped(f[p][()])), 'reshaped': lambda f, p: _replace(f, p, _reshaped(f[p][()])),
             'non-finite': lambda f, p: _replace(f, p, _non_finite(f[p][()]))}
ATTR_MUTATIONS = {'removed': lambda g, k: g.attrs.__delitem__(k), 'retyped': lambda g, k: g.attrs.__setitem__(k, np.array([1.5, 2.5]))}

def _config(f, change):
    c = json.loads(f.attrs['config']); c = change(c); f.attrs['config'] = json.dumps(c)

CONFIG_MUTATIONS = {'null': lambda c: None, 'a list': lambda c: [c], "without 'method'": lambda c: {k: v for k, v in c.items() if k != 'method'},
                    "without 'data_shape'": lambda c: {k: v for k, v in c.items() if k != 'data_shape'},
                    "without 'n_chains'": lambda c: {k: v for k, v in c.items() if k != 'n_chains'},
                    'method pcd on a PTT run': lambda c: dict(c, method='pcd' if c['method'] == 'ptt' else 'ptt'),
                    'n_hidden as text': lambda c: dict(c, n_hidden='3'), 'lr negative': lambda c: dict(c, lr=-0.1),
                    'n_chains other': lambda c: dict(c, n_chains=c['n_chains'] + 1),
                    'visible other': lambda c: dict(c, visible='potts' if c['visible'] == 'bernoulli' else 'bernoulli')}

RNG_STATES = {'10 zero bytes': np.zeros(10, np.uint8), 'a CPU state of zeros': np.zeros(5056, np.uint8),
              'a CPU state as int64': np.zeros(5056, np.int64), '17 bytes': np.arange(17, dtype=np.uint8)}

def _cases():
    cases = []
    for run in RUNS:
        with h5py.File(BASE / f'{run}.h5', 'r') as f:
            paths = _paths(f)
            attrs = [(g, k) for g in ['', 'state', 'model', 'ladder', 'checkpoints'] if g in f or g == ''
                     for k in (f[g] if g else f).attrs if k not in ('format', 'checksum', 'config')]
        for path, is_set in paths:
            for m in (MUTATIONS if is_set else ['removed']): cases.append((run, 'path', path, m))
        cases += [(run, 'attr', f"{g}/{k}" if g else k, m) for g, k in attrs for m in ATTR_MUTATIONS]
        cases += [(run, 'config', '', m) for m in CONFIG_MUTATIONS]
        cases += [(run, 'rng', 'state/rng', m) for m in RNG_STATES]
    return cases

CASES = _cases()

def damage(f:h5py.File, kind, path, m):
    if kind == 'path': MUTATIONS[m](f, path)
    elif kind == 'attr':
        g, _, k = path.rpartition('/'); ATTR_MUTATIONS[m](f[g] if g else f, k)
    elif kind == 'config': _config(f, CONFIG_MUTATIONS[m])
    else: _replace(f, 'state/rng', RNG_STATES[m])

def _undetectable(kind, path, m) -> bool:
    """Changes a file without its checksum may hold and still be a run: a history column removed or holding NaN (columns come and go; NaN
    pads them), a reservoir of another size, another number of stiff directions"""
    return kind == 'path' and (path.startswith('history/') and path.count('/') == 2 and m in ('removed', 'non-finite')
                               or path in ('state/reservoir', 'state/gain_direction') and m == 'reshaped')

# every case on a file without its checksum (the field-by-field checks alone); on a file with it, the cases only the checksum tells
PARAMS = [(*c, False) for c in CASES if not _undetectable(*c[1:])] + [(*c, True) for c in CASES if _undetectable(*c[1:])]

@pytest.mark.parametrize('run,kind,path,m,checksum', PARAMS, ids=[f"{r}:{k}:{p}:{m}{':saved' if c else ''}" for r, k, p, m, c in PARAMS])
def test_damaged_run_file(tmp_path, run, kind, path, m, checksum):
    "A damaged run file: refused by `ptt eval`, `ptt sample` and `ptt train --resume` (one of them, in turn) and by `ptt.load`, by name"
    shutil.copy(BASE / f'{run}.h5', tmp_path / 'run.h5'); shutil.copy(BASE / RUNS[run][0], tmp_path / 'data.npy')
    with h5py.File(tmp_path / 'run.h5', 'a') as f:
        if not checksum: del f.attrs['checksum']      # a file saved before checksums: the field-by-field checks alone
        damage(f, kind, path, m)
    rf, data = tmp_path / 'run.h5', tmp_path / 'data.npy'
    command = [('eval', rf, data), ('sample', rf, '-n', 5), ('train', data, '--out', rf, '--resume', '--quiet')][CASES.index((run, kind, path, m)) % 3]
    if not checksum and kind == 'path' and path.startswith('model/') and m == 'non-finite':   # what a diverged run looks like, as saved:
        assert not load_run(rf).finite()                                                     # it loads, and the commands refuse it
        assert_refused(command, tmp_path, rf, 'not finite'); return
    with pytest.raises(ValueError) as e: load_run(rf)
    msg = str(e.value)
    assert msg.startswith(f"{rf}: damaged run file (") and '\n' not in msg, msg
    assert_refused(command, tmp_path, rf, 'damaged run file')


@pytest.mark.parametrize('param', ['weights', 'vbias', 'hbias'])
@pytest.mark.parametrize('command', ['eval', 'sample', 'resume'])
def test_diverged_model_is_refused_by_the_commands(tmp_path, param, command):
    "A model whose parameters are NaN (a diverged run, as saved, with no checksum to tell otherwise) loads, and every command refuses it by name"
    shutil.copy(BASE / 'ptt.h5', tmp_path / 'run.h5'); shutil.copy(BASE / 'bin.npy', tmp_path / 'data.npy')
    rf, data = tmp_path / 'run.h5', tmp_path / 'data.npy'
    with h5py.File(rf, 'a') as f:
        del f.attrs['checksum']; f[f'model/{param}'][0] = np.nan
    assert not load_run(rf).finite()
    argv = {'eval': ('eval', rf, data), 'sample': ('sample', rf, '-n', 5), 'resume': ('train', data, '--out', rf, '--resume', '--quiet')}[command]
    assert_refused(argv, tmp_path, rf, 'not finite')


def test_flipped_bit_is_caught_by_the_checksum(tmp_path):
    "A change that keeps the file well formed — one weight's bits — is refused: the checksum differs"
    shutil.copy(BASE / 'ptt.h5', tmp_path / 'run.h5')
    with h5py.File(tmp_path / 'run.h5', 'a') as f: f['model/weights'][0, 0] = np.nextafter(f['model/weights'][0, 0], np.float32(1))
    with pytest.raises(ValueError, match=r"run\.h5: damaged run file \(its contents differ from what was saved: the checksum does not match\)"):
        load_run(tmp_path / 'run.h5')


def test_foreign_device_rng_is_reseeded_with_a_warning(tmp_path):
    "A random state of another kind of device (a GPU's 16 bytes) is no damage: the resume re-seeds from it, says so, and trains"
    shutil.copy(BASE / 'pcd.h5', tmp_path / 'run.h5')
    with h5py.File(tmp_path / 'run.h5', 'a') as f:
        del f.attrs['checksum']; _replace(f, 'state/rng', np.array([7, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0], np.uint8))
    run = load_run(tmp_path / 'run.h5')
    assert run.state.rng.numel() == 16
    train_x = split(BIN, 0.4, seed=0)[0]
    with pytest.warns(UserWarning, match='another kind of device'):
        ptt.fit(train_x, resume=run, updates=4, progress=False)
    assert run.state.update == 4


# --- --resume with fewer updates than done
@pytest.mark.parametrize('updates', [1, 2])
def test_resume_below_the_updates_done(tmp_path, updates):
    shutil.copy(BASE / 'pcd.h5', tmp_path / 'run.h5'); shutil.copy(BASE / 'bin.npy', tmp_path / 'data.npy')
    err = assert_refused(('train', tmp_path / 'data.npy', '--out', tmp_path / 'run.h5', '--resume', '--updates', updates, '--quiet'),
                         tmp_path, tmp_path / 'run.h5', f'--updates {updates} is fewer than the 3 updates the run has done')
    assert 'left as it is' in err

def test_resume_above_the_updates_done_trains(tmp_path):
    "The damage checks pass a good file: the same command with a larger total trains on and saves"
    shutil.copy(BASE / 'ptt.h5', tmp_path / 'run.h5'); shutil.copy(BASE / 'bin.npy', tmp_path / 'data.npy')
    code, out, err = run_cli('train', tmp_path / 'data.npy', '--out', tmp_path / 'run.h5', '--resume', '--updates', 5, '--quiet')
    assert code == 0, err
    assert load_run(tmp_path / 'run.h5').state.update == 5


# --- bad data values, named at their source
def _bin(change=None, dtype=np.float32):
    x = BIN.astype(dtype)
    if change: change(x)
    return x

def _set(r, c, v): return lambda x: x.__setitem__((r, c), v)

BAD_DATA = {   # name: (array, what the message says, and what it adds for a new run, whose kind of units the data decide)
    'one 1e30 in 0/1 floats': (_bin(_set(7, 2, 1e30)), 'row 8, column 3: value 1e+30 is not a binary state (0/1)', ''),
    'one 2.0 in 0/1 floats': (_bin(_set(7, 2, 2.)), 'row 8, column 3: value 2 is not a binary state (0/1)', '; a float array is binary data'),
    'one 10^12 in integers': (_bin(_set(3, 1, 10**12), np.int64), 'row 4, column 2: value 1000000000000 is ', 'neither a binary state (0/1) nor a category'),
    'a negative integer': (_bin(_set(3, 1, -1), np.int64), 'row 4, column 2: value -1 is ', 'neither a binary state (0/1) nor a category'),
    'a NaN': (_bin(_set(0, 5, np.nan)), 'row 1, column 6: value nan is not a finite number', ''),
    'an infinity': (_bin(_set(9, 0, -np.inf)), 'row 10, column 1: value -inf is not a finite number', ''),
    'a half': (_bin(_set(2, 2, 0.5)), 'row 3, column 3: value 0.5 is not a binary state', ''),
    'one dimension': (np.zeros(300, np.float32), 'data must be a 2-D array (samples × variables), the file holds shape (300,)', ''),
    'three dimensions': (np.zeros((30, 2, 3), np.float32), 'data must be a 2-D array (samples × variables), the file holds shape (30, 2, 3)', ''),
}

@pytest.mark.parametrize('name', list(BAD_DATA))
@pytest.mark.parametrize('command', ['train', 'eval', 'resume'])
def test_bad_data_value(tmp_path, name, command):
    "A bad value is named with its file, row, column and value, before any model is built, whatever the command"
    x, words, new = BAD_DATA[name]
    np.save(tmp_path / 'bad.npy', x); shutil.copy(BASE / 'pcd.h5', tmp_path / 'run.h5')
    argv = {'train': ('train', tmp_path / 'bad.npy', '--out', tmp_path / 'new.h5', '--quiet'), 'eval': ('eval', tmp_path / 'run.h5', tmp_path / 'bad.npy'),
            'resume': ('train', tmp_path / 'bad.npy', '--out', tmp_path / 'run.h5', '--resume', '--quiet')}[command]
    assert_refused(argv, tmp_path, f"{tmp_path / 'bad.npy'}: " + words, *([new] if command == 'train' else []))

def test_categories_in_a_text_table_train(tmp_path):
    "Text says not whether 2 is an integer: a text table's small integers are categories (a Potts model)"
    np.savetxt(tmp_path / 'cat.txt', POTTS, fmt='%d')
    code, out, err = run_cli('train', tmp_path / 'cat.txt', '--out', tmp_path / 'r.h5', '--hidden', 2, '--chains', 4, '--updates', 1,
                             '--method', 'pcd', '--quiet')
    assert code == 0, err
    assert load_run(tmp_path / 'r.h5').config['visible'] == 'potts'

def test_rare_categories_are_warned_about(tmp_path):
    "Integer data whose values above 1 are rare are read as categories, with one warning line naming the first"
    x = np.zeros((2000, 4), np.int64); x[::2, 0] = 1; x[1234, 3] = 2
    np.save(tmp_path / 'rare.npy', x)
    code, out, err = run_cli('train', tmp_path / 'rare.npy', '--out', tmp_path / 'r.h5', '--hidden', 2, '--chains', 4, '--updates', 1,
                             '--method', 'pcd', '--quiet')
    assert code == 0, err
    warning = [l for l in err.splitlines() if l.startswith('ptt: warning: ')]
    assert len(warning) == 1 and f"{tmp_path / 'rare.npy'}: row 1235, column 4: value 2: values above 1 are rare" in warning[0], err
    assert_refused(('train', tmp_path / 'rare.npy', '--out', tmp_path / 'b.h5', '--visible', 'bernoulli'), tmp_path,
                   'row 1235, column 4: value 2 is not a binary state')

def test_run_file_given_as_data(tmp_path):
    shutil.copy(BASE / 'pcd.h5', tmp_path / 'run.h5')
    assert_refused(('train', tmp_path / 'run.h5', '--out', tmp_path / 'new.h5'), tmp_path, f"{tmp_path / 'run.h5'}: a ptt run file, not data")
    assert_refused(('eval', tmp_path / 'run.h5', tmp_path / 'run.h5'), tmp_path, 'a ptt run file, not data')


# --- operating-system errors as sentences
def _full_folder(path:Path) -> bool:
    "Mount a 200 kB tmpfs at `path` (root only, where mounting is allowed)"
    path.mkdir()
    return os.geteuid() == 0 and shutil.which('mount') and subprocess.run(['mount', '-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', str(path)],
                                                                         capture_output=True).returncode == 0

@pytest.fixture
def full_disk(tmp_path):
    d = tmp_path / 'full'
    if not _full_folder(d): pytest.skip("no small file system to fill (needs root and mount)")
    try: yield d
    finally: subprocess.run(['umount', str(d)], capture_output=True)

def test_full_disk_run_file(full_disk, tmp_path):
    "A run file that does not fit the disk: one sentence, 'no space left on the device', with the path; no temporary file left"
    x = (np.random.default_rng(1).random((300, 200)) < 0.5).astype(np.uint8)
    np.save(tmp_path / 'wide.npy', x)
    code, out, err = run_cli('train', tmp_path / 'wide.npy', '--out', full_disk / 'run.h5', '--hidden', 64, '--chains', 50, '--updates', 2,
                             '--method', 'pcd', '--quiet')
    assert code == 2 and err == f"ptt: error: {full_disk / 'run.h5'}: cannot write it: no space left on the device\n", err
    assert list(full_disk.iterdir()) == []

def test_full_disk_samples(full_disk, tmp_path):
    shutil.copy(BASE / 'pcd.h5', tmp_path / 'run.h5')
    (full_disk / 'filler').write_bytes(b'\0' * 150_000)
    code, out, err = run_cli('sample', tmp_path / 'run.h5', '-n', 20000, '--chains', 50, '--out', full_disk / 's.txt', '--ladder', 'temperature')
    assert err.endswith(f"ptt: error: {full_disk / 's.txt'}: cannot write it: no space left on the device\n") and code == 2, (code, err)
    assert sorted(p.name for p in full_disk.iterdir()) == ['filler']

@pytest.mark.parametrize('code,words', [(errno.ENOSPC, 'no space left on the device'), (errno.EROFS, 'read-only file system'),
                                        (errno.EACCES, 'permission denied'), (errno.EDQUOT, 'disk quota exceeded')])
def test_os_errors_of_a_save_are_sentences(tmp_path, monkeypatch, code, words):
    "Whatever the operating system refuses during a save, `ptt.Run.save` says it in one sentence with the path, and the old file stays"
    run = load_run(BASE / 'pcd.h5'); path = tmp_path / 'run.h5'
    save_run(run, path); before = path.read_bytes()
    real = h5py.File
    def refusing(name, mode='r', *a, **k):
        if mode == 'w': raise OSError(code, os.strerror(code))
        return real(name, mode, *a, **k)
    monkeypatch.setattr(h5py, 'File', refusing)
    with pytest.raises(WriteError) as e: run.save(path)
    assert str(e.value) == f"{path}: cannot write it: {words}" and isinstance(e.value, OSError)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ['run.h5']


# --- random mutations: load returns the same run, or the one ValueError
def same_run(a, b) -> bool:
    "Whether two runs hold the same values (NaN equal to NaN)"
    def eq(x, y):
        if isinstance(x, torch.Tensor) or isinstance(y, torch.Tensor):
            return isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor) and x.dtype == y.dtype and x.shape == y.shape and \
                   bool(torch.equal(x, y) or (x.is_floating_point() and torch.isnan(x).eq(torch.isnan(y)).all() and
                                             torch.where(torch.isnan(x), 0, x).equal(torch.where(torch.isnan(y), 0, y))))
        return json.dumps(x, sort_keys=True, default=str) == json.dumps(y, sort_keys=True, default=str)
    s, t = a.state, b.state
    return (eq(a.config, b.config) and (a.log_z == b.log_z or math.isnan(a.log_z) and math.isnan(b.log_z))
            and all(eq(x, y) for x, y in zip(a.model.params, b.model.params))
            and (a.ladder is None) == (b.ladder is None) and (a.ladder is None or all(eq(x, y) for x, y in zip(a.ladder.models.params, b.ladder.models.params))
                                                            and eq(a.ladder.log_z, b.ladder.log_z) and a.ladder.updates == b.ladder.updates)
            and [u for u, _ in a.checkpoints] == [u for u, _ in b.checkpoints]
            and all(eq(x, y) for (_, m), (_, n) in zip(a.checkpoints, b.checkpoints) for x, y in zip(m.params, n.params))
            and all(eq(getattr(a.history, k), getattr(b.history, k)) for k in History.tables)
            and all(eq(getattr(s, k), getattr(t, k)) for k in ('update', 'parity', 'freezes', 'since_freeze', 'rejections', 'position',
                                                                   'seconds', 'stopped', 'chains', 'full_chains', 'order', 'vis_offset',
                                                                   'hid_offset', 'gain_direction', 'rng'))
            and (s.reservoir is None) == (t.reservoir is None) and (s.reservoir is None or eq(s.reservoir.samples, t.reservoir.samples))
            and eq(s.opt.state_dict() if s.opt else None, t.opt.state_dict() if t.opt else None))

ORIGINALS = {name: load_run(BASE / f'{name}.h5') for name in RUNS}
_ALL = {}
for _name in RUNS:
    with h5py.File(BASE / f'{_name}.h5', 'r') as _f:
        _found = []
        _f.visititems(lambda n, o: _found.append((n, isinstance(o, h5py.Dataset))))
        _ALL[_name] = (sorted(_found), sorted(['', *[n for n, d in _found if not d]]))

def _mutate(f:h5py.File, draw, run:str):
    "One random change: to a dataset's values, shape or type, a node or attribute removed or retyped, an attribute's value, or none at all"
    nodes, groups = _ALL[run]
    kind = draw(st.sampled_from(['value', 'flip', 'remove', 'retype', 'reshape', 'attr', 'attr value', 'extra', 'same', 'no checksum']))
    if kind in ('value', 'flip', 'retype', 'reshape', 'remove'):
        path, is_set = draw(st.sampled_from(nodes))
        if kind == 'remove' or not is_set: del f[path]; return
        a = f[path][()]
        if kind == 'value' and a.size:
            a = a.copy(); i = draw(st.integers(0, a.size - 1))
            values = [np.nan, np.inf, -1, 0, 1, 2, 0.5, 255, 1e30] if a.dtype.kind == 'f' else [-1, 0, 1, 2, 255, 10**6]
            a.flat[i] = np.array(draw(st.sampled_from(values))).astype(a.dtype)     # wrapped into the field's own type (uint8: -1 is 255)
            _replace(f, path, a)
        elif kind == 'flip' and a.size and a.dtype.kind in 'fiu':
            raw = bytearray(np.ascontiguousarray(a).tobytes()); i = draw(st.integers(0, len(raw) - 1)); raw[i] ^= 1 << draw(st.integers(0, 7))
            _replace(f, path, np.frombuffer(bytes(raw), a.dtype).reshape(a.shape))
        elif kind == 'retype':
            other_float = a.astype(np.float32) if a.dtype != np.float32 else a.astype(np.float64)
            _replace(f, path, draw(st.sampled_from([_retyped(a), other_float, 'text'])))
        elif kind == 'reshape':
            _replace(f, path, draw(st.sampled_from([_reshaped(a), a.reshape(-1), a[..., None], np.concatenate([a, a]) if a.ndim else a])))
    elif kind in ('attr', 'attr value'):
        g = draw(st.sampled_from(groups)); obj = f[g] if g else f
        keys = sorted(obj.attrs)
        if not keys: return
        k = draw(st.sampled_from(keys))
        if kind == 'attr': del obj.attrs[k]
        else: obj.attrs[k] = draw(st.sampled_from([-1, 0, 2**40, 1.5, np.nan, 'x', '{}', 'null', np.zeros(3)]))
    elif kind == 'extra': f.create_dataset(f"{draw(st.sampled_from(groups))}/extra".lstrip('/'), data=np.zeros(2))
    elif kind == 'same':                            # rewritten with the same values: the same run
        path, is_set = draw(st.sampled_from(nodes))
        if is_set: _replace(f, path, f[path][()])
    elif kind == 'no checksum': del f.attrs['checksum']     # a file as saved before checksums: the same run

@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), run=st.sampled_from(list(RUNS)))
def test_random_mutation_loads_the_same_run_or_is_refused(tmp_path, data, run):
    path = tmp_path / f'{run}-{uuid.uuid4().hex[:8]}.h5'     # a new file each time (HDF5 keeps state per open file)
    shutil.copy(BASE / f'{run}.h5', path)
    with h5py.File(path, 'a') as f: _mutate(f, data.draw, run)
    try: back = load_run(path)
    except ValueError as e:
        msg = str(e)
        assert msg.startswith(f"{path}: ") and '\n' not in msg, msg
        assert 'damaged run file (' in msg or 'not a ptt run file' in msg, msg
        return
    assert same_run(back, ORIGINALS[run]), "a changed run file loaded as a different run"
