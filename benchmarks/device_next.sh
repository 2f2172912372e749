#!/usr/bin/env bash
# What docs/validation.md ("What a GPU session should measure next") asks of a lent GPU that one script can
# measure, in one run sized for a session's device budget. Everything lands under $OUT (the device tool's
# folder; default ./device_out), with each step's log; each step has its own time limit and a failed step
# does not stop the next. On a CPU the same steps run small (QUICK=1 is implied), to check the script.
#   1. calibrate on this one GPU: GEMMs (fp8 too), attention kernels, device copies and the host rows,
#      `multi_tensor` (gpu.multi_tensor_efficiency) among them, fitted into a profile on dgx-h100.
#   2. Megatron-Core's layers' host time against calibrate's layer (benchmarks/mcore_host.py), where
#      megatron-core imports or a wheel is at $MCORE_WHEEL (a device reaches no package index: carry it).
#   3. Megatron-Core MoE layers at the model zoo's per-rank shapes, wall time against GPU busy time
#      (benchmarks/mcore_layer_gpu.py, with profiler traces), where megatron-core imports.
#   4. the eager Llama-3-8B-shaped step with AdamW foreach, profiled (tests/data/h200/traces/trace_llama.py),
#      bf16 and with FP8 linears, after $WARM seconds of steps.
# Usage: OUT=DIR [MCORE_WHEEL=FILE] [WARM=40] [STEPS='calibrate mcore trace'] [REPEAT=3] [BUDGET=S] bash benchmarks/device_next.sh
# (STEPS: the steps to run, of calibrate, mcore (2 and 3) and trace)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-device_out}
WARM=${WARM:-40}
# the interpreter that holds torch: a lent H200 has python3 (a venv's; a symlink to it named python loses the venv)
PY=${PYTHON:-$(command -v python3 || command -v python)}
STEPS=" ${STEPS:-calibrate mcore trace} "
mkdir -p "$OUT"
GPU=0
if "$PY" -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then GPU=1; fi
QUICK=${QUICK:-$((1 - GPU))}
# BUDGET: seconds the whole script may take (0: no limit). The device tool brings nothing back from a call that
# outruns its limit, so each step's limit shrinks to what is left, less 30 s to pack up, and a step with under
# 10 s left is skipped: give BUDGET as the call's timeout less a minute.
BUDGET=${BUDGET:-0}
START=$SECONDS
step() {  # step NAME SECONDS COMMAND...: run with a limit, log, and record the exit status
    local name=$1 limit=$2
    shift 2
    if [ "$BUDGET" -gt 0 ]; then
        local left=$((BUDGET - (SECONDS - START) - 30))
        if [ "$left" -lt 10 ]; then
            echo "$name skipped: ${left} s of BUDGET left" | tee -a "$OUT/steps.txt"
            return
        fi
        if [ "$limit" -gt "$left" ]; then limit=$left; fi
    fi
    local t0=$SECONDS
    timeout "$limit" "$@" > "$OUT/$name.log" 2>&1
    local rc=$?
    echo "$name rc=$rc $((SECONDS - t0)) s (limit $limit s)" | tee -a "$OUT/steps.txt"
    if [ "$rc" != 0 ]; then tail -n 5 "$OUT/$name.log"; fi  # into the call's output tail
}
{ nvidia-smi 2>&1 || true; "$PY" -c "import torch; print('torch', torch.__version__)"; lscpu 2>&1 | head -20; } > "$OUT/machine.txt"

quick=()
if [ "$QUICK" = 1 ]; then quick=(--quick); fi
backend=gloo
if [ "$GPU" = 1 ]; then backend=nccl; fi
if [[ $STEPS == *" calibrate "* ]]; then
step calibrate 480 "$PY" -m simcluster.cli calibrate --local 1 --backend "$backend" "${quick[@]}" --base dgx-h100 \
    --out "$OUT/calibrate"
fi

if [[ $STEPS == *" mcore "* ]]; then
if [ -n "${MCORE_WHEEL:-}" ]; then
    step mcore_install 120 "$PY" -m pip install --no-deps --no-index "$MCORE_WHEEL"
fi
if "$PY" -c "import megatron.core" 2>/dev/null; then
    repeat=${REPEAT:-3}
    if [ "$QUICK" = 1 ]; then repeat=1; fi
    step mcore_host 300 "$PY" benchmarks/mcore_host.py --repeat "$repeat"
    cp benchmarks/results/mcore_host.json "$OUT/" 2>/dev/null || true
    step mcore_layer 240 "$PY" benchmarks/mcore_layer_gpu.py --out "$OUT/mcore_layer"
    tar -C "$OUT/mcore_layer" -cf "$OUT/mcore_layer_traces.tar" . 2>/dev/null && rm -f "$OUT"/mcore_layer/*.gz
else
    echo "mcore_host skipped: megatron-core not importable (set MCORE_WHEEL)" | tee -a "$OUT/steps.txt"
fi
fi

if [[ $STEPS == *" trace "* ]]; then
mkdir -p "$OUT/traces"
if [ "$QUICK" = 1 ]; then
    step trace_bf16 120 env DURATION=0 TAG=bf16 "$PY" tests/data/h200/traces/trace_llama.py "$OUT/traces" quick
else
    step trace_bf16 180 env DURATION="$WARM" TAG=bf16 "$PY" tests/data/h200/traces/trace_llama.py "$OUT/traces"
    step trace_fp8 180 env DURATION="$WARM" TAG=fp8 FP8=1 "$PY" tests/data/h200/traces/trace_llama.py "$OUT/traces"
fi
gzip -f "$OUT"/traces/*.pt.trace.json 2>/dev/null || true
fi
cat "$OUT/steps.txt"
