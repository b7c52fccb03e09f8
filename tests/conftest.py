"Pytest set-up: one thread per process, nbdev's test flags, and the two sets of tests (CONTRIBUTING.md, *The two test sets*)."
import os

import pytest

# nbdev's runner executes notebook code outside the main thread, where torch's 2-thread OpenMP regions cost
# milliseconds each (measured: ~3 ms per small op instead of ~0.05 ms). One thread keeps the tests fast.
os.environ.setdefault("OMP_NUM_THREADS", "1")


def pytest_addoption(parser):
    parser.addoption("--flags", default="", help="space-separated nbdev test flags to run (e.g. 'slow')")
    parser.addoption("--slow-set", action="store_true",
                     help="run the second, slow set of tests instead of the default one: the tests marked slow_set (the studies' quick modes)")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow_set: in the second, slow set of tests, run by `pytest --slow-set` (and by .ci/run after the README's command)")


# Tests that take minutes each (a notebook, the README's commands): started first, so that the seconds-long rest fills the gaps
LONG = ("tests/test_readme.py::test_readme_commands", "tests/test_notebooks.py::test_notebook")


def pytest_collection_modifyitems(config, items):
    "Without --slow-set the slow set is skipped, with the command that runs it; with --slow-set only the slow set runs. The long tests first"
    items.sort(key=lambda item: next((k for k, p in enumerate(LONG) if item.nodeid.startswith(p)), len(LONG)))   # stable: groups keep their order
    slow = config.getoption("--slow-set")
    in_set = lambda item: (item.get_closest_marker("slow_set") is not None) == slow
    keep, drop = [i for i in items if in_set(i)], [i for i in items if not in_set(i)]
    if slow and keep:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    else:                   # (with --slow-set and none of the tests asked for in it: each says so, rather than nothing collected)
        why = "not in the slow set (run without --slow-set)" if slow else "in the slow set: pytest --slow-set"
        for i in drop: i.add_marker(pytest.mark.skip(reason=why))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    "Under `pytest -n 2`: work stealing (a worker that runs out takes half of the other's queue), so that the long tests spread over both"
    from xdist.scheduler import WorkStealingScheduling
    return WorkStealingScheduling(config, log) if config.getoption("dist") == "load" else None
