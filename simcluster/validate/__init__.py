"""Validation against published measurements: case files, a runner, and a parity report."""
