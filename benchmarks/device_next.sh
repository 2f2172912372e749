#!/usr/bin/env bash
# What docs/validation.md ("What a GPU session should measure next") asks of a lent GPU that one script can
# measure, in one run sized for a session's device budget. Everything lands under $OUT (the device tool's
# folder; default ./device_out), with each step's log; each step has its own time limit and a failed step
# does not stop the next. On a CPU the same steps run small (QUICK=1 is implied), to check the script.
#   1. calibrate on this one GPU: GEMMs (fp8 too), attention kernels, device copies and the host rows,
#      `multi_tensor` (gpu.multi_tensor_efficiency) among them, fitted into a profile on dgx-h100.
#   2. Megatron-Core's layers' host time against calibrate's layer (benchmarks/mcore_host.py), where
#      megatron-core imports or a wheel is at $MCORE_WHEEL (a device reaches no package index: carry it).
#   3. the eager Llama-3-8B-shaped step with AdamW foreach, profiled (tests/data/h200/traces/trace_llama.py),
#      bf16 and with FP8 linears, after $WARM seconds of steps.
# Usage: OUT=DIR [MCORE_WHEEL=FILE] [WARM=40] bash benchmarks/device_next.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-device_out}
WARM=${WARM:-40}
mkdir -p "$OUT"
GPU=0
if python -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then GPU=1; fi
QUICK=${QUICK:-$((1 - GPU))}
step() {  # step NAME SECONDS COMMAND...: run with a limit, log, and record the exit status
    local name=$1 limit=$2
    shift 2
    local t0=$SECONDS
    timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
    local rc=$?
    echo "$name rc=$rc $((SECONDS - t0)) s" | tee -a "$OUT/steps.txt"
}
{ nvidia-smi 2>&1 || true; python -c "import torch; print('torch', torch.__version__)"; } > "$OUT/machine.txt"

quick=()
if [ "$QUICK" = 1 ]; then quick=(--quick); fi
backend=gloo
if [ "$GPU" = 1 ]; then backend=nccl; fi
step calibrate 480 simcluster calibrate --local 1 --backend "$backend" "${quick[@]}" --base dgx-h100 \
    --out "$OUT/calibrate"

if [ -n "${MCORE_WHEEL:-}" ]; then
    step mcore_install 120 python -m pip install --no-deps --no-index "$MCORE_WHEEL"
fi
if python -c "import megatron.core" 2>/dev/null; then
    repeat=3
    if [ "$QUICK" = 1 ]; then repeat=1; fi
    step mcore_host 300 python benchmarks/mcore_host.py --repeat "$repeat"
    cp benchmarks/results/mcore_host.json "$OUT/" 2>/dev/null || true
else
    echo "mcore_host skipped: megatron-core not importable (set MCORE_WHEEL)" | tee -a "$OUT/steps.txt"
fi

mkdir -p "$OUT/traces"
if [ "$QUICK" = 1 ]; then
    step trace_bf16 120 env DURATION=0 TAG=bf16 python tests/data/h200/traces/trace_llama.py "$OUT/traces" quick
else
    step trace_bf16 180 env DURATION="$WARM" TAG=bf16 python tests/data/h200/traces/trace_llama.py "$OUT/traces"
    step trace_fp8 180 env DURATION="$WARM" TAG=fp8 FP8=1 python tests/data/h200/traces/trace_llama.py "$OUT/traces"
fi
gzip -f "$OUT"/traces/*.pt.trace.json 2>/dev/null || true
cat "$OUT/steps.txt"
