"The report page (`ptt.report`, nbs/13a_report.ipynb) opened in a real browser: headless Chromium, where it is installed, must load and decode every figure."
import base64, re, shutil, subprocess
from pathlib import Path

import pytest

CHROMIUM = next((p for p in map(shutil.which, ('chromium', 'chromium-browser', 'google-chrome')) if p), None)
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium here (Debian: apt-get install chromium): "
                                                               "the page's structure is still tested in nbs/13a_report.ipynb")

# Appended to a copy of the page: once the page has loaded, count the images the browser decoded (complete, with a width)
CHECK = """<script>addEventListener('load', () => {
  const imgs = [...document.images], ok = imgs.filter(i => i.complete && i.naturalWidth > 0);
  document.body.setAttribute('data-images', ok.length + '/' + imgs.length);
  document.body.setAttribute('data-widths', ok.map(i => i.naturalWidth).join(','));
});</script>"""


def browse(page: Path, tmp: Path) -> dict:
    "Open a copy of `page` with the `CHECK` script in headless Chromium: the body's data-images and data-widths attributes after loading"
    probe = tmp / f"probe-{page.name}"
    probe.write_text(page.read_text(encoding='utf-8').replace('</body>', CHECK + '</body>'), encoding='utf-8')
    cmd = [CHROMIUM, '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', f'--user-data-dir={tmp / "profile"}',
           '--virtual-time-budget=20000', '--dump-dom', probe.as_uri()]
    dom = subprocess.run(cmd, capture_output=True, text=True, timeout=180).stdout
    body = re.search(r'<body([^>]*)>', dom)
    assert body, f"Chromium dumped no page: {dom[:200]!r}"
    return dict(re.findall(r'data-(\w+)="([^"]*)"', body[1]))


@pytest.fixture(scope='module')
def page(tmp_path_factory) -> Path:
    "The report of a tiny PTT run on L=4 Ising data, with samples against the data"
    import ptt
    from ptt.report import report
    tmp = tmp_path_factory.mktemp('report')
    x = ptt.data.ising(L=4, beta=0.6, n=600, seed=0)
    run = ptt.fit(x[:400], n_hidden=8, test=x[400:], updates=200, n_chains=100, lr=0.05, centered=True, log_every=20,
                  final_eval='none', progress=False)
    return report(run, x, out=tmp / 'report.html', n=300)


@needs_chromium
def test_every_figure_renders(page, tmp_path):
    n = page.read_text(encoding='utf-8').count('<img ')
    assert n == 4                                            # curves, ladder, per-update diagnostics, samples against data
    seen = browse(page, tmp_path)
    assert seen.get('images') == f"{n}/{n}", f"the browser decoded {seen.get('images')} images of {n}"
    assert all(int(w) > 1000 for w in seen['widths'].split(',')), seen   # at the figures' own size (11 inches at 110 dpi)


@needs_chromium
def test_a_broken_figure_is_seen(tmp_path):
    "The check can fail: an image whose data is not a PNG is counted as not loaded"
    good = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='   # one pixel
    bad = base64.b64encode(b'\x89PNG\r\n\x1a\n' + b'not an image' * 20).decode()
    page = tmp_path / 'broken.html'
    page.write_text(f'<!DOCTYPE html><html><body><img src="data:image/png;base64,{good}" alt="a pixel">'
                    f'<img src="data:image/png;base64,{bad}" alt="broken"></body></html>', encoding='utf-8')
    assert browse(page, tmp_path).get('images') == '1/2'
