"""The bytes each optimizer pass moves per parameter, as the simulator counts them.

A profile's `gpu.multi_tensor_efficiency` is the fraction of the memory bandwidth that these passes reach, so
both sides read the counts here: the simulator (simcluster.parallel.program) charges them, and calibrate states
a measured AdamW step against them. Names are the simulated ops'; bytes are per fp32 parameter.
"""

from __future__ import annotations

# PyTorch's clip_grad_norm_(foreach=True): each gradient's norm (read 4), then every gradient scaled by the
# clamped coefficient, unconditionally (read and write 4)
TORCH_CLIP_PASSES = (("optimizer.grad_norm", 4.0), ("optimizer.clip", 8.0))
# torch.optim.AdamW(foreach=True)'s _multi_tensor_adam on fp32 parameters p, gradients g, moments m and v
# (steps on the host, so no kernel for them): p *= 1 - lr wd (read and write p: 8), m.lerp_(g) (read m and
# g, write m: 12), v *= beta2 (8), v.addcmul_(g, g) (read v, g twice, write v: 16), s = sqrt(v) (8),
# s /= bias correction (8), s += eps (8), p.addcdiv_(m, s) (read p, m, s, write p: 16): 84 bytes
FUSED_ADAMW = "optimizer.adamw"  # torch.optim.AdamW(fused=True)'s one kernel: reads p, g, m, v, writes p, m, v
TORCH_FOREACH_ADAMW = (
    ("optimizer.weight_decay", 8.0), ("optimizer.exp_avg", 12.0), ("optimizer.exp_avg_sq_scale", 8.0),
    ("optimizer.exp_avg_sq", 16.0), ("optimizer.sqrt", 8.0), ("optimizer.bias_correction", 8.0),
    ("optimizer.eps", 8.0), ("optimizer.update", 16.0),
)  # fmt: skip
