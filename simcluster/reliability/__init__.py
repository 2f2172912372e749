"""Whole-run reliability: failures, checkpoints and restarts turned into time to train and goodput."""
