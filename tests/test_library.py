"Checks on the exported library that notebooks cannot make: a notebook's own imports can hide a name the module lacks."
import importlib, subprocess, sys
from pathlib import Path
import pytest

root = Path(__file__).resolve().parents[1]
modules = sorted(p.stem for p in (root / 'ptt').glob('*.py') if not p.stem.startswith('_'))


def test_no_undefined_names():
    pytest.importorskip('ruff')
    r = subprocess.run([sys.executable, '-m', 'ruff', 'check', '--select', 'F821,F822,F823,E9', '--output-format', 'concise',
                        '--exclude', 'ptt/_modidx.py', 'ptt'], cwd=root, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize('name', modules)
def test_module_imports_on_its_own(name):
    importlib.import_module(f'ptt.{name}')


def test_top_level_api():
    import ptt
    for name in ('fit', 'load', 'sample', 'BernoulliRBM', 'PottsRBM'): assert callable(getattr(ptt, name))
    assert callable(ptt.data.ising) and callable(ptt.sampling.temperature_ladder)


def test_import_is_lazy():
    "`import ptt` imports no submodule and no torch; a name loads on first use; `ptt.sample` stays the function once its module is imported"
    code = ("import sys, ptt; lazy = not {'torch', 'ptt.rbm'} & set(sys.modules); import ptt.sample, ptt.cli; "
            "print(lazy, callable(ptt.sample), ptt.sampling is sys.modules['ptt.sample'], 'explore' in dir(ptt))")
    r = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, cwd=root)
    assert r.stdout.split() == ['True'] * 4, r.stdout + r.stderr
