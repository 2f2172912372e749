"""Calibration of simcluster hardware profiles from measurements on a real machine.

Benchmarks (torch.distributed collectives, GEMMs, device copies) write CSV files; numpy fits turn them into a
`profile.yaml` in the schema of `simcluster.hardware.profile`. This package needs torch; the simulator never
imports it (the two meet only in the profile file).
"""

from __future__ import annotations

__version__ = "0.1.0"
