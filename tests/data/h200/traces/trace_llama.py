"""One training step of a 4-layer Llama-3-8B-shaped model (eager PyTorch, bf16 weights, SDPA causal GQA,
RMSNorm, SwiGLU, RoPE, untied embedding and head, cross-entropy, AdamW foreach), profiled."""
import json, os, sys, time, torch, torch.nn.functional as F
from torch import nn
out, quick = sys.argv[1], len(sys.argv) > 2
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
L, H, NH, KV, FFN, S, V = (4, 4096, 32, 8, 14336, 8192, 128256) if not quick else (2, 64, 4, 2, 128, 32, 100)
HD = H // NH
dt = torch.bfloat16
torch.manual_seed(0)

def rope(x, cos, sin):  # x [b, h, s, d]
    x1, x2 = x[..., : HD // 2], x[..., HD // 2 :]
    return torch.cat((x1 * cos - x2 * sin, x2 * cos + x1 * sin), dim=-1)

E4, E5 = torch.float8_e4m3fn, torch.float8_e5m2
FP8 = os.environ.get("FP8") == "1"

def cast(t, kind):
    """Tensorwise dynamic scaling (torchao's): scale from the tensor's amax now; one pass, 8-bit out."""
    amax = t.abs().amax().float().clamp(min=1e-12)
    scale = torch.finfo(kind).max / amax
    return (t.float() * scale).to(kind), scale.reciprocal()

class Fp8Mm(torch.autograd.Function):
    """y = x W^T with e4m3 x e4m3 forward, e5m2 gradients x e4m3 in backward (TE's hybrid format), each GEMM
    torch._scaled_mm's TN kernel (A row-major, B column-major: the transposed copies the casts would write)."""
    @staticmethod
    def forward(ctx, x, w):
        x2 = x.reshape(-1, x.shape[-1])
        x8, sx = cast(x2, E4)
        w8, sw = cast(w, E4)
        ctx.save_for_backward(x8, sx, w8, sw)
        ctx.shape = x.shape
        y = torch._scaled_mm(x8, w8.t(), scale_a=sx, scale_b=sw, out_dtype=torch.bfloat16)
        return y.view(*x.shape[:-1], w.shape[0])
    @staticmethod
    def backward(ctx, gy):
        x8, sx, w8, sw = ctx.saved_tensors
        g2 = gy.reshape(-1, gy.shape[-1])
        g8, sg = cast(g2, E5)
        dx = torch._scaled_mm(g8, w8.t().contiguous().t(), scale_a=sg, scale_b=sw, out_dtype=torch.bfloat16)
        dw = torch._scaled_mm(g8.t().contiguous(), x8.t().contiguous().t(), scale_a=sg, scale_b=sx, out_dtype=torch.bfloat16)
        return dx.view(ctx.shape), dw

class Lin(nn.Linear):
    def forward(self, x):
        return Fp8Mm.apply(x, self.weight) if FP8 else super().forward(x)

class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.n1, self.n2 = nn.RMSNorm(H), nn.RMSNorm(H)
        self.wq, self.wk, self.wv = Lin(H, H, bias=False), Lin(H, KV * HD, bias=False), Lin(H, KV * HD, bias=False)
        self.wo = Lin(H, H, bias=False)
        self.w1, self.w3, self.w2 = Lin(H, FFN, bias=False), Lin(H, FFN, bias=False), Lin(FFN, H, bias=False)
    def forward(self, x, cos, sin):
        b, s, _ = x.shape
        y = self.n1(x)
        q = self.wq(y).view(b, s, NH, HD).transpose(1, 2)
        k = self.wk(y).view(b, s, KV, HD).transpose(1, 2)
        v = self.wv(y).view(b, s, KV, HD).transpose(1, 2)
        q, k = rope(q, cos, sin), rope(k, cos, sin)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.wo(a.transpose(1, 2).reshape(b, s, H))
        y = self.n2(x)
        return x + self.w2(F.silu(self.w1(y)) * self.w3(y))

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, H)
        self.layers = nn.ModuleList(Layer() for _ in range(L))
        self.norm, self.head = nn.RMSNorm(H), nn.Linear(H, V, bias=False)
        inv = 1.0 / (500000.0 ** (torch.arange(0, HD, 2).float() / HD))
        f = torch.outer(torch.arange(S).float(), inv)
        self.register_buffer("cos", f.cos().to(dt), persistent=False)
        self.register_buffer("sin", f.sin().to(dt), persistent=False)
    def forward(self, tok):
        x = self.emb(tok)
        for l in self.layers:
            x = l(x, self.cos, self.sin)
        return self.head(self.norm(x))

m = Model().to(device=dev, dtype=dt)
fwd = torch.compile(m) if os.environ.get("COMPILE") == "1" else m
opt = torch.optim.AdamW(m.parameters(), lr=1e-5, foreach=True)
tok = torch.randint(0, V, (1, S), device=dev)
tgt = torch.randint(0, V, (1, S), device=dev)
def step():
    loss = F.cross_entropy(fwd(tok).float().view(-1, V), tgt.view(-1))
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
def sync():
    if dev.type == "cuda": torch.cuda.synchronize()
for _ in range(3): step()
sync()
times = []
t_end = time.perf_counter() + float(os.environ.get("DURATION", "0"))
while len(times) < 5 or time.perf_counter() < t_end:
    t0 = time.perf_counter(); step(); sync(); times.append(time.perf_counter() - t0)
acts = [torch.profiler.ProfilerActivity.CPU] + ([torch.profiler.ProfilerActivity.CUDA] if dev.type == "cuda" else [])
with torch.profiler.profile(activities=acts, record_shapes=True) as prof:
    step(); sync()
prof.export_chrome_trace(out + "/llama4l_h200_" + os.environ.get("TAG", "cold") + ".pt.trace.json")
info = {"layers": L, "hidden": H, "heads": NH, "kv_heads": KV, "ffn": FFN, "seq": S, "vocab": V, "params": sum(p.numel() for p in m.parameters()),
        "step_s": times[:5] + times[-5:], "steps": len(times), "median_first10_s": sorted(times[:10])[len(times[:10]) // 2], "median_last50_s": sorted(times[-50:])[len(times[-50:]) // 2], "torch": torch.__version__, "device": torch.cuda.get_device_name() if dev.type == "cuda" else "cpu",
        "max_memory_GiB": torch.cuda.max_memory_allocated() / 2**30 if dev.type == "cuda" else None,
        "fp8": FP8, "compile": os.environ.get("COMPILE") == "1", "sdpa": {"flash": torch.backends.cuda.flash_sdp_enabled(), "cudnn": torch.backends.cuda.cudnn_sdp_enabled(), "efficient": torch.backends.cuda.mem_efficient_sdp_enabled()}}
json.dump(info, open(out + "/llama4l_h200_" + os.environ.get("TAG", "cold") + ".json", "w"), indent=1)
print(json.dumps(info))
