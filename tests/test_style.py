"The style of the library and the notebooks, as far as a tool checks it: `ruff check ptt` with the settings of pyproject.toml, and cells the docs build can run alone."
import ast, json, re, subprocess, sys
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


_EXPORTED = re.compile(r'^#\|\s*(export|exports|exporti|exec_doc)\b', re.M)

def _mixes_imports(source:str) -> bool:
    """Whether a cell has imports and other statements at its top level: `nbdev-proc-nbs` (the docs build) executes
    such a cell on its own, apart from the cells that define its other names"""
    try: tree = ast.parse('\n'.join(l for l in source.splitlines() if not l.lstrip().startswith(('%', '!'))))
    except SyntaxError: return False
    top = tree.body
    return any(isinstance(t, (ast.Import, ast.ImportFrom)) for t in top) and any(isinstance(t, (ast.Expr, ast.Assign))
                                                                                 for t in top)

def test_import_cells():
    "No notebook cell outside the exported ones mixes imports with other code (the docs build would run it alone)"
    bad = [f"{nb.name} cell {i}" for nb in sorted((root / 'nbs').glob('*.ipynb'))
           for i, c in enumerate(json.loads(nb.read_text(encoding='utf-8'))['cells'])
           if c['cell_type'] == 'code' and not _EXPORTED.search(''.join(c['source']))
           and _mixes_imports(''.join(c['source']))]
    if bad: pytest.fail("cells that mix imports and other code (put the imports in a cell of their own): "
                        + ', '.join(bad), pytrace=False)
