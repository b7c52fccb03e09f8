"The exported library's style, as far as a tool checks it: `ruff check ptt` with the settings of pyproject.toml."
import json, subprocess, sys
from pathlib import Path
import pytest

root = Path(__file__).resolve().parents[1]


def _ruff_errors() -> list:
    "ruff's findings on `ptt/` (its settings: pyproject.toml, [tool.ruff])"
    r = subprocess.run([sys.executable, '-m', 'ruff', 'check', '--output-format', 'json', 'ptt'], cwd=root,
                       capture_output=True, text=True)
    if r.returncode not in (0, 1): pytest.fail(f"ruff could not check ptt: {r.stderr.strip()}")
    return json.loads(r.stdout or '[]')


def _nbdev_all(e:dict) -> bool:
    """Whether `e` is E501 on the first line of an `__all__` that nbdev-export wrote: nbdev wraps the list at 120
    characters, then puts `__all__ = ` before it (up to 130 characters), and no notebook can change that line"""
    if e['code'] != 'E501': return False
    line = Path(e['filename']).read_text(encoding='utf-8').splitlines()[e['location']['row'] - 1]
    return line.startswith('__all__ = [') and len(line) <= 130


def test_ruff():
    try: import ruff  # noqa: F401
    except ImportError: pytest.skip("ruff is not installed (pip install -e '.[dev]')")
    errors = [e for e in _ruff_errors() if not _nbdev_all(e)]
    where = lambda e: f"{Path(e['filename']).relative_to(root)}:{e['location']['row']}"
    if errors: pytest.fail(f"{len(errors)} ruff errors (fix them in the notebooks, then nbdev-export):\n"
                           + '\n'.join(f"{where(e)}: {e['code']} {e['message']}" for e in errors), pytrace=False)
