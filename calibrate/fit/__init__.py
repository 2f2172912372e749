"""Fits of the measured tables: robust lines, the GEMM model, the backward factor, per-table quality."""
