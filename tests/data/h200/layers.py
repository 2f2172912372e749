"""Exact layer GEMMs of the validation's models, bf16 (nn, nt, tn) and fp8 (TN), kernels back to back."""
import csv, sys, torch
import statistics
from calibrate.runtime import time_kernels  # was calibrate.bench.grid's, which returned the median
dev = torch.device("cuda", 0) if torch.cuda.is_available() else torch.device("cpu")
quick = len(sys.argv) > 2
T = 8192 if not quick else 64
models = {  # name: hidden, qkv out, ffn, tps
    "llama3_8b": (4096, 6144, 14336, (1, 2, 4, 8)),
    "llama3_70b": (8192, 10240, 28672, (1, 2, 4, 8)),
    "llama3_405b": (16384, 18432, 53248, (8,)),
    "llama2_7b": (4096, 12288, 11008, (1, 2, 4)),
}
if quick:
    models = {"tiny": (64, 96, 128, (1, 2))}
fp8_ok = dev.type == "cuda" and torch.cuda.get_device_capability(dev) >= (8, 9)
w = csv.writer(open(sys.argv[1], "w", newline=""))
w.writerow(["model", "tp", "gemm", "m", "n", "k", "dtype", "layout", "time_us", "tflops", "reps", "method"])
g = torch.Generator(device=dev).manual_seed(0)
def r(a, b, kind=torch.bfloat16):
    return torch.randn(a, b, device=dev, dtype=kind, generator=g)
for name, (h, qkv, ffn, tps) in models.items():
    for t in tps:
        for gemm, n, k in (("qkv", qkv // t, h), ("proj", h, h // t), ("fc1", 2 * ffn // t, h), ("fc2", h, ffn // t)):
            m = T
            steps = []
            x, y, o = r(m, k), r(k, n), torch.empty(m, n, device=dev, dtype=torch.bfloat16)
            steps.append(("bf16", "nn", lambda x=x, y=y, o=o: torch.mm(x, y, out=o)))
            dy, wt, o2 = r(m, n), r(k, n).t(), torch.empty(m, k, device=dev, dtype=torch.bfloat16)
            steps.append(("bf16", "nt", lambda a=dy, b=wt, o=o2: torch.mm(a, b, out=o)))
            xt, o3 = r(m, k).t(), torch.empty(k, n, device=dev, dtype=torch.bfloat16)
            steps.append(("bf16", "tn", lambda a=xt, b=dy, o=o3: torch.mm(a, b, out=o)))
            if fp8_ok:
                a8 = r(m, k).to(torch.float8_e4m3fn)
                b8 = r(n, k).to(torch.float8_e4m3fn).t()
                one = torch.ones((), device=dev, dtype=torch.float32)
                steps.append(("fp8", "tn", lambda a=a8, b=b8, s=one: torch._scaled_mm(a, b, scale_a=s, scale_b=s, out_dtype=torch.bfloat16)))
            for dtype, layout, step in steps:
                try:
                    times, reps, method = time_kernels(step, dev, 5)
                    s = statistics.median(times)
                except RuntimeError as exc:
                    print(name, t, gemm, dtype, layout, "failed", str(exc)[:200], file=sys.stderr)
                    continue
                w.writerow([name, t, gemm, m, n, k, dtype, layout, f"{s*1e6:.3f}", f"{2*m*n*k/s/1e12:.2f}", reps, method])
            del steps, x, y, o, dy, wt, o2, xt, o3
print("layers done")
