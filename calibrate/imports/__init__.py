"""Importers of measurements made elsewhere (nccl-tests output, GEMM tables) into the profile's table format.

Torch-free: `python -m calibrate import` runs on any machine that has the measurements' files.
"""
