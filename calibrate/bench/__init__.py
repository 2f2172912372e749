"""Benchmarks: what each rank runs and times (collectives, GEMMs and copies, host costs)."""
