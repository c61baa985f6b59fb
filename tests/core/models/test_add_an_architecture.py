"""The "Add an architecture" steps of docs/architecture.md, followed in a copy of the
repository, and the files they changed counted by comparing the trees.

A throwaway decoder (the mean mixer: each position reads the mean of the tokens so far) is
shipped as the steps say: its model module and export graphs (tests/support/
new_architecture/, put in their places), one line in ARCHS, a preset, its tag in the
gallery, its strings translated in the Chinese catalogue (the update tool, then the
translations, then the compiled .qm), and its preset's entry in the determinism test.
In the copy, the tests that guard those registries pass, and the shipped preset trains,
evaluates, exports and runs as a program. Then every file of the copy is compared with
the repository's: the files that changed must be exactly the ones the steps name, so a
fifth (or eighth) file an architecture needs cannot go unnoticed.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

SUPPORT = ROOT / "tests" / "support" / "new_architecture"
ARCH, NAME = "mean-mixer", "mean_mixer"
COPIED = ["studio", "presets", "tests", "docs", "tools", "pyproject.toml"]
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", "*.egg-info")

# What the Chinese catalogue gains: the preset's name and description, the gallery tag, and
# its config fields' help and labels (the settings form shows them).
CHINESE = {
    "Mean mixer": "均值混合器",
    "A throwaway decoder learns one-digit sums": "一个用过即弃的解码器学习一位数加法",
    "mean-mixer": "均值混合",
    "Width of the token embeddings": "词元嵌入的宽度",
    "Width": "宽度",
    "Max len": "最大长度",
}

# The registry tests the steps answer to, and the new preset's own cases.
GUARDS = [
    "tests/core/config/test_config.py",
    "tests/app/setup/test_gallery.py",
    "tests/app/i18n/test_translations.py",
    "tests/core/training/loop/test_determinism.py",
]
GUARD_CASES = (
    "mean_mixer or mean-mixer or every_shipped or every_task_and_architecture"
    " or catalogue or compiled_from"
)

# A child Python that imports the copy's studio, not the one installed as editable (its
# finder would answer for studio.presets with the repository's presets/).
COPY_PYTHON = (
    "import runpy, sys; "
    "sys.meta_path[:] = [f for f in sys.meta_path if 'Editable' not in repr(f)]; "
    "sys.argv = sys.argv[1:]; runpy.run_module(sys.argv[0], run_name='__main__')"
)


def documented_steps() -> list[str]:
    """The file each numbered step of "Add an architecture" names first (its bold heading)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## Add an architecture\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. \*\*`([^`]+)`", section, flags=re.MULTILINE)


def fingerprints(root: Path) -> dict[str, str]:
    """Relative path -> sha256 of every file under the copied parts of `root`."""
    found = {}
    for part in COPIED:
        top = root / part
        for path in [top] if top.is_file() else top.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found[path.relative_to(root).as_posix()] = hashlib.sha256(
                    path.read_bytes()
                ).hexdigest()
    return found


def copy_repository(to: Path) -> None:
    for part in COPIED:
        source = ROOT / part
        if source.is_file():
            shutil.copy2(source, to / part)
        else:
            shutil.copytree(source, to / part, ignore=SKIPPED)


def insert_after(path: Path, anchor: str, line: str) -> None:
    """`line` added after the first line of `path` that contains `anchor`."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if anchor in text)
    lines.insert(at + 1, line + "\n")
    path.write_text("".join(lines), encoding="utf-8")


def run_in(copy: Path, module: str, *args: str, env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", COPY_PYTHON, module, *args],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{module} {args} in the copy:\n{done.stdout}\n{done.stderr}"


UNFINISHED = re.compile(
    r"<source>([^<]*)</source>(\s*)<translation type=\"unfinished\"></translation>"
)


def unfinished(ts: Path) -> set[str]:
    return {source for source, _ in UNFINISHED.findall(ts.read_text(encoding="utf-8"))}


def translate_new_strings(ts: Path, before: set[str]) -> None:
    """The update tool's new unfinished entries given their Chinese text; they must be the
    ones CHINESE expects, no more and no fewer."""
    new = sorted(unfinished(ts) - before)
    assert new == sorted(CHINESE), new
    ts.write_text(
        UNFINISHED.sub(
            lambda m: (
                m[0]
                if m[1] in before
                else f"<source>{m[1]}</source>{m[2]}<translation>{CHINESE[m[1]]}</translation>"
            ),
            ts.read_text(encoding="utf-8"),
        ),
        encoding="utf-8",
    )


def ship_the_mean_mixer(copy: Path, env: dict[str, str]) -> None:
    """The documented steps, in order, in the copy."""
    shutil.copy(SUPPORT / "models_mean_mixer.py", copy / "studio/core/models/mean_mixer.py")
    shutil.copy(
        SUPPORT / "export_archs_mean_mixer.py", copy / "studio/core/export/archs/mean_mixer.py"
    )
    insert_after(
        copy / "studio/core/models/__init__.py",
        '"micro-gpt": ',
        f'    "{ARCH}": "studio.core.models.mean_mixer:SPEC",',
    )
    shutil.copy(SUPPORT / "mean_mixer.yaml", copy / "presets" / f"{NAME}.yaml")
    insert_after(
        copy / "studio/app/setup/preset_gallery.py",
        'QT_TRANSLATE_NOOP("PresetTags", "micro-gpt")',
        f'    QT_TRANSLATE_NOOP("PresetTags", "{ARCH}"),',
    )
    ts = copy / "studio/app/i18n/studio_zh_CN.ts"
    before = unfinished(ts)
    run_in(copy, "studio.app.i18n.update", env=env)
    translate_new_strings(ts, before)
    run_in(copy, "studio.app.i18n.update", "--no-lupdate", env=env)
    insert_after(
        copy / "tests/core/training/loop/test_determinism.py",
        'TINY["quick_micro_gpt"]',
        f'TINY["{NAME}"] = ["model.d_model=16", "stages.warmup.batch_size=8"]',
    )


@pytest.mark.slow
def test_the_documented_steps_ship_an_architecture_and_change_only_the_files_they_name(
    tmp_path,
):
    copy = tmp_path / "repository"
    copy.mkdir()
    copy_repository(copy)
    env = {
        **os.environ,
        "PYTHONPATH": str(copy),
        "HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": "offscreen",
        "OMP_NUM_THREADS": "1",
    }

    # the catalogue as the code has it (in a committed tree the update changes nothing)
    run_in(copy, "studio.app.i18n.update", env=env)
    before = fingerprints(copy)

    ship_the_mean_mixer(copy, env)
    # the guards of the registries pass with these changes
    run_in(copy, "pytest", "-q", "-p", "no:cacheprovider", "-k", GUARD_CASES, *GUARDS, env=env)
    # and the shipped preset trains, reads back, exports and runs as a program
    run_in(copy, "tests.support.new_architecture.check_run", str(tmp_path / "work"), env=env)

    after = fingerprints(copy)
    changed = sorted(path for path in after if before.get(path) != after[path])
    # the catalogue's .qm is compiled from its .ts by the step that names the .ts
    changed = [path for path in changed if not path.endswith("studio_zh_CN.qm")]
    named = [step.replace("<arch>", NAME).replace("<name>", NAME) for step in documented_steps()]
    assert changed == sorted(named)
    assert sorted(set(before) - set(after)) == []  # nothing removed
