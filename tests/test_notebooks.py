"Run every notebook in `nbs/` as its own test case, through nbdev's runner."
from pathlib import Path

import pytest
from nbdev.config import get_config
from nbdev.test import test_nb as run_notebook

cfg = get_config(Path(__file__).parent)
# index.ipynb runs in test_readme.py, which also compares its printed numbers with their stored outputs
notebooks = sorted(p for p in cfg.nbs_path.glob("*.ipynb") if not p.name.startswith("_") and p.name != "index.ipynb")


@pytest.fixture
def forced_flags(request): return request.config.getoption("--flags").split()


@pytest.mark.parametrize("nb", notebooks, ids=lambda p: p.stem)
def test_notebook(nb, forced_flags):
    skip = [f for f in cfg.tst_flags.split() if f not in forced_flags]
    ok, secs = run_notebook(nb, skip_flags=skip, force_flags=forced_flags, basepath=cfg.config_path,
                            cell_timeout=cfg.cell_timeout)
    assert ok, f"{nb.name} failed after {secs:.0f}s (its traceback is printed above)"


def test_there_are_notebooks(): assert len(notebooks) >= 3, "no notebooks found: nothing would be tested"
