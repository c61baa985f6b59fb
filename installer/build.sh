#!/usr/bin/env bash
# Build GRPO Studio as a one-folder application with PyInstaller, then smoke-test it.
#
# The build uses the Python environment it is run from (or $PYTHON): that environment
# needs the studio's dependencies (torch, PySide6, ...) and PyInstaller 6.x, which is a
# build-only tool:  pip install "pyinstaller>=6,<7"
# The result is dist/grpo-studio/ (on macOS also dist/GRPO Studio.app). The smoke test runs
# the bundled program headless: it lists the presets, opens the window offscreen, trains a
# tiny Micro-GPT for 3 steps and exports it to ONNX. Build time and size are printed.
#
# Usage: installer/build.sh [--dist DIR] [--work DIR] [--no-smoke] [--smoke-only]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
PYTHON="${PYTHON:-python3}"
DIST="$REPO/dist"
WORK="$REPO/build/pyinstaller"
BUILD=1
SMOKE=1

say() { printf 'build: %s\n' "$*"; }
die() {
    printf 'build: error: %s\n' "$*" >&2
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
    --dist) DIST="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    --no-smoke) SMOKE=0; shift ;;
    --smoke-only) BUILD=0; shift ;;
    -h | --help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
    esac
done

APP_DIR="$DIST/grpo-studio"
case "$(uname -s)" in
MINGW* | MSYS* | CYGWIN*) APP="$APP_DIR/grpo-studio.exe" ;;
*) APP="$APP_DIR/grpo-studio" ;;
esac

if [ "$BUILD" = 1 ]; then
    "$PYTHON" -c 'import PyInstaller' 2>/dev/null ||
        die "PyInstaller is not installed in $("$PYTHON" -c 'import sys; print(sys.prefix)'); \
install it with: $PYTHON -m pip install 'pyinstaller>=6,<7'"
    "$PYTHON" -c 'import torch, PySide6, studio' 2>/dev/null ||
        die "this Python lacks the studio or its dependencies; install the studio first \
(installer/install.sh, or pip install -e . in the repository)"
    say "PyInstaller $("$PYTHON" -m PyInstaller --version) with $("$PYTHON" --version)"
    start=$(date +%s)
    (cd "$REPO" && "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
        --distpath "$DIST" --workpath "$WORK" "$HERE/grpo-studio.spec")
    end=$(date +%s)
    [ -x "$APP" ] || die "the build finished but $APP is missing"
    size=$(du -sm "$APP_DIR" | cut -f1)
    files=$(find "$APP_DIR" -type f | wc -l)
    say "built $APP_DIR in $((end - start)) s: ${size} MB, $files files"
fi

[ "$SMOKE" = 1 ] || exit 0
[ -x "$APP" ] || die "no bundle at $APP; build it first (installer/build.sh)"

# ---- smoke test: the bundled program, headless, in a scratch folder

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export QT_QPA_PLATFORM=offscreen
# Runs and settings go to the scratch folder, not the user's data folder.
export HOME="$scratch/home" XDG_DATA_HOME="$scratch/home/.local/share"
export XDG_CONFIG_HOME="$scratch/home/.config" XDG_CACHE_HOME="$scratch/home/.cache"
mkdir -p "$HOME"
check() { # description, then a command whose failure stops the build with its output
    local what="$1" t0 t1 log="$scratch/log"
    shift
    t0=$(date +%s)
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        die "smoke test failed: $what"
    fi
    t1=$(date +%s)
    say "ok: $what ($((t1 - t0)) s)"
}

check "presets listed" "$APP" presets
grep -q '^micro_gpt ' "$scratch/log" || die "smoke test: micro_gpt missing from the presets"

check "window opens offscreen" env GRPO_STUDIO_SMOKE_QUIT_MS=3000 "$APP"
grep -q "GRPO Studio" "$scratch/log" || {
    cat "$scratch/log" >&2
    die "smoke test: the studio window was not shown"
}

tiny=(--set model.n_layers=2 --set model.d_model=32 --set model.n_heads=2 --set model.d_ff=64
    --set eval.size=8 --set stages.warmup.steps=2 --set stages.grpo.steps=2
    --set stages.grpo.batch_size=2 --set grpo.num_generations=2)
check "3 training steps of micro_gpt" \
    "$APP" train --config micro_gpt --steps 3 --save_dir "$scratch/runs" --quiet "${tiny[@]}"
grep -q "step limit at step 3" "$scratch/log" || die "smoke test: training did not reach step 3"
run_dir="$(find "$scratch/runs" -mindepth 1 -maxdepth 1 -type d | head -n 1)"

check "ONNX export" "$APP" export "$run_dir"
[ -f "$run_dir/exports/micro_gpt.onnx" ] || die "smoke test: no micro_gpt.onnx in $run_dir/exports"
[ -f "$run_dir/exports/example_onnx.py" ] || die "smoke test: no example_onnx.py beside the export"
say "smoke test passed"
