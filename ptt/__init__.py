__version__ = "0.1.0"
"Equilibrium training of energy-based models with Parallel Trajectory Tempering."

# Hand-written (not exported from a notebook). The submodules and the names below load on first use (PEP 562), so that
# `import ptt` costs nothing and the `ptt` command answers --help and argument errors without importing torch.
# `ptt.fit(...)`, `ptt.data.ising(...)`, `from ptt import sample` work as if everything were imported here.
import importlib, sys, types

_MODULES = ('rbm', 'exact', 'kernels', 'ladder', 'diagnostics', 'reservoir', 'likelihood', 'optim', 'run', 'config',
            'comm', 'freeze', 'update', 'evaluate', 'train', 'data', 'ising', 'readers', 'metrics', 'explore',
            'threads', 'clustering', 'comparison', 'report')
# `ptt.sampling` is the module `ptt.sample`; `ptt.sample` is its function `sample`
_ALIASES = {'sampling': 'sample'}
_NAMES = {'BernoulliRBM': 'rbm', 'PottsRBM': 'rbm', 'fit': 'train', 'Run': 'run', 'load': 'run', 'sample': 'sample'}

__all__ = [*_MODULES, *_ALIASES, *_NAMES]

def __getattr__(name:str):
    "The submodule or public name `name`, imported now and kept"
    if name in _MODULES or name in _ALIASES: value = importlib.import_module(f'{__name__}.{_ALIASES.get(name, name)}')
    elif name in _NAMES: value = getattr(importlib.import_module(f'{__name__}.{_NAMES[name]}'), name)
    else: raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value

def __dir__(): return sorted({*globals(), *__all__})

class _Package(types.ModuleType):
    """The package `ptt`: importing the submodule `ptt.sample` leaves `ptt.sample` the function
    (the import system sets the attribute)"""
    def __setattr__(self, name, value):
        if name in _NAMES and isinstance(value, types.ModuleType): return
        super().__setattr__(name, value)

sys.modules[__name__].__class__ = _Package
