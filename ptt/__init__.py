__version__ = "0.1.0"
"Equilibrium training of energy-based models with Parallel Trajectory Tempering."

from . import rbm, exact, kernels, ladder, diagnostics, reservoir, likelihood, optim, run, train, data, metrics, explore, threads, clustering
from . import sample as sampling
from .rbm import BernoulliRBM, PottsRBM
from .train import fit
from .run import Run, load
from .sample import sample

__all__ = ['rbm', 'exact', 'kernels', 'ladder', 'diagnostics', 'reservoir', 'likelihood', 'optim', 'run', 'train', 'data', 'metrics', 'explore', 'threads', 'clustering',
           'sampling', 'BernoulliRBM', 'PottsRBM', 'fit', 'Run', 'load', 'sample']
