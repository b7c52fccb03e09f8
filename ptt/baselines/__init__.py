"""Baseline generative models to compare with RBMs: `ptt.baselines.bfn` (Bayesian Flow Networks for discrete data)."""
