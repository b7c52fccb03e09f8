"""Run every notebook in `nbs/` as its own test case, through nbdev's runner.

The studies' notebooks (`nbs/2*_*.ipynb`: their quick modes train real models for minutes) form the second, slow set of
tests, run by `pytest --slow-set` (and by .ci/run after the README's command); the library's notebooks run by default
(CONTRIBUTING.md, *The two test sets*)."""
from pathlib import Path

import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

cfg = get_config(Path(__file__).parent)
# index.ipynb runs in test_readme.py, which also compares its printed numbers with their stored outputs
notebooks = sorted(p for p in cfg.nbs_path.glob("*.ipynb") if not p.name.startswith("_") and p.name != "index.ipynb")


def in_slow_set(nb:Path) -> bool: return nb.name.startswith("2")       # the studies: 20_ising ... 25_mnist


@pytest.fixture
def forced_flags(request): return request.config.getoption("--flags").split()


@pytest.mark.parametrize("nb", [pytest.param(nb, id=nb.stem, marks=[pytest.mark.slow_set] if in_slow_set(nb) else []) for nb in notebooks])
def test_notebook(nb, forced_flags):
    skip = [f for f in cfg.tst_flags.split() if f not in forced_flags]
    ok, secs = run_notebook(nb, skip_flags=skip, force_flags=forced_flags, basepath=cfg.config_path,
                            cell_timeout=cfg.cell_timeout)
    assert ok, f"{nb.name} failed after {secs:.0f}s (its traceback is printed above)"


@pytest.mark.parametrize("slow", [pytest.param(False, id="default"), pytest.param(True, id="slow", marks=pytest.mark.slow_set)])
def test_there_are_notebooks(slow):
    found = [nb for nb in notebooks if in_slow_set(nb) == slow]
    assert len(found) >= 3, f"no notebooks found for the {'slow' if slow else 'default'} set: nothing would be tested"
