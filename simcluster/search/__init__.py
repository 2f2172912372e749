"""Layout search and sweeps: enumerate layouts, prune what cannot run, estimate, simulate the best."""
