"""Render README.md from nbs/index.ipynb without Quarto.

Markdown cells are copied; code cells become ```python blocks followed by their text output (adjacent code cells
without output share one block); cells marked
`#| hide` are left out and nbdev directives (`#| ...`) are stripped. Images are not embedded.

    python tools/make_readme.py           # write README.md
    python tools/make_readme.py --check   # exit 1 if README.md is not what index.ipynb renders to
"""
import json, sys
from pathlib import Path

root = Path(__file__).resolve().parents[1]


def _src(cell): return ''.join(cell['source'])


def _is_hidden(src): return any(l.strip().replace(' ', '') in ('#|hide', '#|hide_input') for l in src.splitlines())


def _strip_directives(src): return '\n'.join(l for l in src.splitlines() if not l.lstrip().startswith('#|')).strip('\n')


def _text_outputs(cell):
    "The plain-text outputs of a code cell, in order"
    for out in cell.get('outputs', []):
        if out.get('output_type') == 'stream': yield ''.join(out['text'])
        elif 'text/plain' in out.get('data', {}) and 'image/png' not in out['data']: yield ''.join(out['data']['text/plain'])


def render(nb_path=root / 'nbs' / 'index.ipynb') -> str:
    "README text for the notebook at `nb_path`"
    parts = ['<!-- Generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook, not this file. -->']
    open_code = False  # the last part is a code block without output: the next code cell joins it
    for cell in json.loads(Path(nb_path).read_text())['cells']:
        src = _src(cell)
        if cell['cell_type'] == 'markdown': parts.append(src.strip('\n')); open_code = False
        elif cell['cell_type'] == 'code' and not _is_hidden(src):
            code = _strip_directives(src)
            if code and open_code: parts[-1] = parts[-1][:-len('\n```')] + f"\n\n{code}\n```"
            elif code: parts.append(f"```python\n{code}\n```")
            outs = ''.join(_text_outputs(cell)).strip('\n')
            if outs: parts.append(f"```\n{outs}\n```")
            open_code = bool(code or open_code) and not outs
    return '\n\n'.join(parts) + '\n'


if __name__ == '__main__':
    text, readme = render(), root / 'README.md'
    if '--check' in sys.argv:
        if not readme.exists() or readme.read_text() != text:
            sys.exit("README.md is out of date: run `python tools/make_readme.py`")
    else: readme.write_text(text)
