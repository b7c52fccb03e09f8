"Pytest set-up for running the notebooks."
import os

# nbdev's runner executes notebook code outside the main thread, where torch's 2-thread OpenMP regions cost
# milliseconds each (measured: ~3 ms per small op instead of ~0.05 ms). One thread keeps the tests fast.
os.environ.setdefault("OMP_NUM_THREADS", "1")


def pytest_addoption(parser):
    parser.addoption("--flags", default="", help="space-separated nbdev test flags to run (e.g. 'slow')")
