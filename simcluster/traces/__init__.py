"""Measured traces in: PyTorch profiler (Kineto) traces read, their GPU kernels classified."""
