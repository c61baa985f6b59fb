#!/usr/bin/env bash
# GRPO Studio installer for Linux and macOS.
#
# Creates a virtual environment in a per-user folder, installs the PyTorch build that fits
# the machine (CUDA when an NVIDIA driver answers `nvidia-smi`, CPU otherwise), installs the
# studio from the repository this script sits in (or a given folder or wheel), links the
# `grpo-studio` commands into ~/.local/bin and, on Linux, adds a desktop entry and its icon.
# Every file and folder it adds outside the environment is listed in a manifest, so
# `install.sh --uninstall` removes exactly those. Re-running it upgrades in place.
#
# Run `install.sh --help` for the options; installer/README.md explains them.
set -euo pipefail

usage() {
    cat <<'EOF'
Usage: install.sh [options]

Options (each has an environment variable that does the same):
  --prefix DIR        install folder; the environment goes in DIR/venv
                      (GRPO_STUDIO_HOME; default ${XDG_DATA_HOME:-~/.local/share}/grpo-studio)
  --python PY         Python 3.11 or newer to build the environment from
                      (GRPO_STUDIO_PYTHON; default: the first of python3, python3.13,
                      python3.12, python3.11 that is 3.11 or newer)
  --torch KIND        auto | cpu | cuda | skip  (GRPO_STUDIO_TORCH_BUILD; default auto:
                      cuda when nvidia-smi finds a GPU, cpu otherwise; skip leaves torch
                      to pip's dependency resolution)
  --torch-spec SPEC   pip requirement for PyTorch (GRPO_STUDIO_TORCH; default "torch"),
                      e.g. "torch==2.13.0"
  --torch-index URL   package index for PyTorch, or "default" for pip's own configuration
                      (GRPO_STUDIO_TORCH_INDEX; default: the PyTorch CPU index for cpu on
                      Linux, pip's configuration otherwise)
  --source PATH       repository folder or wheel to install the studio from
                      (GRPO_STUDIO_SOURCE; default: the repository holding this script)
  --bin-dir DIR       where to link grpo-studio and grpo-studio-gui
                      (GRPO_STUDIO_BIN_DIR; default ~/.local/bin)
  --no-desktop        no desktop entry or icon (GRPO_STUDIO_DESKTOP=0)
  --uninstall         remove what an earlier run added (same --prefix as that run);
                      runs and other data in the install folder are kept
  -h, --help          this text
EOF
}

say() { printf 'grpo-studio install: %s\n' "$*"; }
die() {
    printf 'grpo-studio install: error: %s\n' "$*" >&2
    exit 1
}

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
PREFIX="${GRPO_STUDIO_HOME:-$DATA_HOME/grpo-studio}"
PYTHON="${GRPO_STUDIO_PYTHON:-}"
TORCH_BUILD="${GRPO_STUDIO_TORCH_BUILD:-auto}"
TORCH_SPEC="${GRPO_STUDIO_TORCH:-torch}"
TORCH_INDEX="${GRPO_STUDIO_TORCH_INDEX:-}"
SOURCE="${GRPO_STUDIO_SOURCE:-$(dirname "$HERE")}"
BIN_DIR="${GRPO_STUDIO_BIN_DIR:-$HOME/.local/bin}"
DESKTOP="${GRPO_STUDIO_DESKTOP:-1}"
ACTION=install

need_value() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value (see --help)"; }
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) need_value "$@"; PREFIX="$2"; shift 2 ;;
    --python) need_value "$@"; PYTHON="$2"; shift 2 ;;
    --torch) need_value "$@"; TORCH_BUILD="$2"; shift 2 ;;
    --torch-spec) need_value "$@"; TORCH_SPEC="$2"; shift 2 ;;
    --torch-index) need_value "$@"; TORCH_INDEX="$2"; shift 2 ;;
    --source) need_value "$@"; SOURCE="$2"; shift 2 ;;
    --bin-dir) need_value "$@"; BIN_DIR="$2"; shift 2 ;;
    --no-desktop) DESKTOP=0; shift ;;
    --uninstall) ACTION=uninstall; shift ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
    esac
done

case "$TORCH_BUILD" in
auto | cpu | cuda | skip) ;;
*) die "--torch must be auto, cpu, cuda or skip, got '$TORCH_BUILD'" ;;
esac

VENV="$PREFIX/venv"
MANIFEST="$PREFIX/install-manifest.txt"
OS="$(uname -s)"

# ---- the manifest: one "KIND<TAB>PATH" line per thing added outside the environment
# (file, link or dir). Folders are listed only when this installer created them, so
# uninstalling never removes a folder that was there before.

record() { printf '%s\t%s\n' "$1" "$2" >>"$MANIFEST.new"; }

missing_dirs() { # the folders `mkdir -p DIR` would create, outermost first
    local dir="$1"
    while [ ! -d "$dir" ]; do
        printf '%s\n' "$dir"
        dir="$(dirname "$dir")"
    done | sort
}

make_dir() { # mkdir -p that records each folder it creates
    local d
    while IFS= read -r d; do
        [ -n "$d" ] || continue
        mkdir -- "$d" || die "cannot create $d"
        record dir "$d"
    done < <(missing_dirs "$1")
}

# ---- uninstall

uninstall() {
    if [ ! -f "$MANIFEST" ]; then
        say "nothing to remove: no manifest at $MANIFEST (was it installed with another --prefix?)"
        exit 0
    fi
    local entries kind path
    entries="$(cat "$MANIFEST")"
    while IFS=$'\t' read -r kind path; do
        case "$kind" in
        file | link)
            if [ -e "$path" ] || [ -L "$path" ]; then
                rm -f -- "$path" && say "removed $path"
            fi
            ;;
        esac
    done <<<"$entries"
    if [ -d "$VENV" ]; then
        rm -rf -- "$VENV" && say "removed $VENV"
    fi
    rm -f -- "$MANIFEST"
    if rmdir -- "$PREFIX" 2>/dev/null; then
        say "removed $PREFIX"
    elif [ -d "$PREFIX" ]; then
        say "kept $PREFIX: it holds your runs or other files; delete it yourself if unwanted"
    fi
    # Folders last, deepest first: in reverse order a child's longer path comes first.
    while IFS=$'\t' read -r kind path; do
        [ "$kind" = dir ] && [ -d "$path" ] || continue
        if rmdir -- "$path" 2>/dev/null; then
            say "removed $path"
        else
            say "kept $path (it holds other files)"
        fi
    done < <(sort -r <<<"$entries")
    say "uninstalled"
}

if [ "$ACTION" = uninstall ]; then
    uninstall
    exit 0
fi

# ---- Python 3.11 or newer

py_version() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null; }
py_ok() { # version string -> is it 3.11 or newer
    local major="${1%%.*}" minor="${1#*.}"
    [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 11 ]; }
}

if [ -n "$PYTHON" ]; then
    command -v "$PYTHON" >/dev/null 2>&1 || die "Python '$PYTHON' not found; give --python a path"
    version="$(py_version "$PYTHON")" || die "'$PYTHON' does not run as Python"
    py_ok "$version" || die "GRPO Studio needs Python 3.11 or newer; '$PYTHON' is $version. \
Install a newer Python (python.org, your package manager, or pyenv) and pass it with --python."
else
    found=""
    for candidate in python3 python3.13 python3.12 python3.11; do
        command -v "$candidate" >/dev/null 2>&1 || continue
        version="$(py_version "$candidate")" || continue
        if py_ok "$version"; then
            PYTHON="$candidate"
            break
        fi
        found="$found $candidate ($version)"
    done
    [ -n "$PYTHON" ] || die "GRPO Studio needs Python 3.11 or newer; found:${found:- none}. \
Install a newer Python (python.org, your package manager, or pyenv) and pass it with --python."
fi
say "using $(command -v "$PYTHON") (Python $version)"

# ---- what to install from

if [ -d "$SOURCE" ]; then
    [ -f "$SOURCE/pyproject.toml" ] ||
        die "$SOURCE has no pyproject.toml; --source takes the studio's repository or a wheel"
    SOURCE="$(cd "$SOURCE" && pwd)"
elif [ -f "$SOURCE" ]; then
    case "$SOURCE" in *.whl) ;; *) die "--source $SOURCE is a file but not a .whl wheel" ;; esac
else
    die "--source $SOURCE does not exist; give the repository folder or a .whl file"
fi

# ---- the environment (reused when it still works, so a re-run upgrades in place)

# The install folder's own parents are recorded once the manifest can be written there;
# the folder itself goes when uninstalling leaves it empty.
new_parents="$(missing_dirs "$PREFIX" | grep -vxF -- "$PREFIX" || true)"
mkdir -p -- "$PREFIX" || die "cannot create $PREFIX; choose another with --prefix"
: >"$MANIFEST.new"
[ -f "$MANIFEST" ] && cat "$MANIFEST" >>"$MANIFEST.new"
while IFS= read -r d; do [ -z "$d" ] || record dir "$d"; done <<<"$new_parents"
trap 'sort -u "$MANIFEST.new" >"$MANIFEST" 2>/dev/null; rm -f "$MANIFEST.new"' EXIT

VPY="$VENV/bin/python"
if [ -x "$VPY" ] && "$VPY" -c 'import sys' 2>/dev/null; then
    say "upgrading the environment in $VENV"
else
    say "creating the environment in $VENV"
    "$PYTHON" -m venv --clear "$VENV" || die "could not create a virtual environment. \
On Debian and Ubuntu install the venv module first: sudo apt install python3-venv"
fi
pip_install() { "$VPY" -m pip install --upgrade "$@"; }

# ---- PyTorch: CUDA when an NVIDIA driver answers, CPU otherwise

if [ "$TORCH_BUILD" = auto ]; then
    if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
        TORCH_BUILD=cuda
    else
        TORCH_BUILD=cpu
    fi
    say "PyTorch build: $TORCH_BUILD (detected; choose with --torch)"
fi
if [ -z "$TORCH_INDEX" ]; then
    # PyPI's Linux wheels are CUDA builds; the CPU index avoids gigabytes of CUDA libraries.
    # PyPI's macOS wheels are the right ones there (CPU and Apple GPU).
    if [ "$TORCH_BUILD" = cpu ] && [ "$OS" = Linux ]; then
        TORCH_INDEX="https://download.pytorch.org/whl/cpu"
    else
        TORCH_INDEX=default
    fi
fi
if [ "$TORCH_BUILD" != skip ]; then
    index_args=()
    [ "$TORCH_INDEX" = default ] || index_args=(--index-url "$TORCH_INDEX")
    say "installing PyTorch: $TORCH_SPEC${index_args[*]:+ from $TORCH_INDEX}"
    pip_install "$TORCH_SPEC" "${index_args[@]+"${index_args[@]}"}" ||
        die "PyTorch did not install. Choose the build with --torch cpu|cuda, the index with \
--torch-index, or the version with --torch-spec (see installer/README.md)"
fi

# ---- the studio (torch is already satisfied, so pip leaves it as installed above)

say "installing GRPO Studio from $SOURCE"
pip_install "$SOURCE" || die "GRPO Studio did not install from $SOURCE (pip's message is above)"
# pip reinstalls from a folder every time, but skips a wheel whose version is installed
# already: a rebuilt wheel of the same version must replace the old files.
case "$SOURCE" in
*.whl) pip_install --force-reinstall --no-deps "$SOURCE" || die "could not reinstall $SOURCE" ;;
esac
"$VENV/bin/grpo-studio" presets >/dev/null ||
    die "the studio installed but \`grpo-studio presets\` failed; rerun it to see why: \
$VENV/bin/grpo-studio presets"

# ---- commands on PATH

make_dir "$BIN_DIR"
for cmd in grpo-studio grpo-studio-gui; do
    link="$BIN_DIR/$cmd"
    if [ -e "$link" ] && [ ! -L "$link" ]; then
        say "not linking $link: a file of that name is there already"
        continue
    fi
    if [ -L "$link" ] && [ "$(readlink "$link")" != "$VENV/bin/$cmd" ]; then
        say "not linking $link: it points to $(readlink "$link")"
        continue
    fi
    ln -sfn "$VENV/bin/$cmd" "$link"
    record link "$link"
done
case ":$PATH:" in
*":$BIN_DIR:"*) ;;
*) say "note: $BIN_DIR is not on your PATH; add it, or run $VENV/bin/grpo-studio" ;;
esac

# ---- desktop entry (Linux) or launcher note (macOS)

desktop_quote() { # a path as one quoted Exec argument (Desktop Entry spec 1.5)
    local q="$1"
    q="${q//\\/\\\\}"
    q="${q//\"/\\\"}"
    q="${q//\$/\\\$}"
    q="${q//\`/\\\`}"
    q="\"$q\""
    # The value is itself an escaped string: each backslash is written twice.
    printf '%s' "${q//\\/\\\\}"
}

# -I: run from the repository, the current folder's studio/ would shadow the installed one.
resources="$("$VPY" -I -c 'import importlib.resources as r; print(r.files("studio.resources"))')"
if [ "$DESKTOP" = 1 ] && [ "$OS" = Linux ]; then
    apps="$DATA_HOME/applications"
    icons="$DATA_HOME/icons/hicolor/256x256/apps"
    make_dir "$apps"
    make_dir "$icons"
    cp "$resources/icon.png" "$icons/grpo-studio.png"
    record file "$icons/grpo-studio.png"
    # The entry runs the environment's launcher by absolute path: ~/.local/bin may not be
    # on the desktop session's PATH. Quotes and escapes follow the Desktop Entry spec.
    exec_path="$(desktop_quote "$VENV/bin/grpo-studio-gui")"
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in
        Exec=*) printf 'Exec=%s\n' "$exec_path" ;;
        Icon=*) printf 'Icon=%s\n' "$icons/grpo-studio.png" ;;
        *) printf '%s\n' "$line" ;;
        esac
    done <"$resources/grpo-studio.desktop" >"$apps/grpo-studio.desktop"
    record file "$apps/grpo-studio.desktop"
    say "desktop entry: $apps/grpo-studio.desktop"
elif [ "$OS" = Darwin ]; then
    say "macOS: start the studio with $BIN_DIR/grpo-studio-gui (or grpo-studio in a terminal)."
    say "For a Dock/Launchpad app, build GRPO Studio.app with installer/build.sh (README)."
fi

if [ "$OS" = Linux ]; then
    # Qt's X11 plugin links against system libraries pip cannot install: name any missing
    if ! libs="$(QT_QPA_PLATFORM=xcb "$VENV/bin/python" -m studio.app.shell.system_libraries 2>&1)"; then
        printf 'grpo-studio install: warning: %s\n' "$libs" >&2
    fi
fi

say "done. Open the studio with: grpo-studio    (headless: grpo-studio train --config micro_gpt)"
if [ "$PREFIX" = "$DATA_HOME/grpo-studio" ]; then
    say "uninstall with: $HERE/install.sh --uninstall"
else
    say "uninstall with: $HERE/install.sh --uninstall --prefix '$PREFIX'"
fi
