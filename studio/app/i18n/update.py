"""Bring the translation catalogues up to date with the code, then compile them.

    python -m studio.app.i18n.update

For each language: the strings of sources.all_strings() are merged into
`studio_<lang>.ts` by pyside6-lupdate (written translations kept, strings the code no
longer has kept as "vanished" with their translation, so a string that comes back, or a
tree where another change has not landed yet, finds it again; new ones added as
unfinished for a translator), and the .ts is
compiled into the `.qm` the window loads by pyside6-lrelease. Both tools come with
PySide6.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from studio.app.i18n.sources import all_strings, noop_source

I18N_DIR = Path(__file__).resolve().parent
LANGUAGES = ("zh_CN",)


def ts_path(language: str) -> Path:
    return I18N_DIR / f"studio_{language}.ts"


def language_of(ts: Path) -> str:
    """`studio_zh_CN.ts` -> `zh_CN`."""
    return ts.stem.split("_", 1)[1]


def tool(name: str) -> str:
    """The path of a PySide6 tool (pyside6-lupdate, pyside6-lrelease)."""
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        raise FileNotFoundError(f"{name} is not on PATH (it comes with PySide6-Essentials)")
    return found


def lupdate(ts: Path) -> None:
    """Merge the code's strings into `ts` (made when missing)."""
    found = all_strings()
    if found.problems:
        raise ValueError("strings that cannot be read:\n" + "\n".join(found.problems))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "studio_strings.py"
        source.write_text(noop_source(found.messages), encoding="utf-8")
        subprocess.run(
            [
                tool("pyside6-lupdate"),
                "-silent",
                "-locations",
                "none",
                "-target-language",
                language_of(ts),
                str(source),
                "-ts",
                str(ts),
            ],
            check=True,
        )


def lrelease(ts: Path) -> Path:
    """Compile `ts` into the .qm beside it."""
    qm = ts.with_suffix(".qm")
    subprocess.run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m studio.app.i18n.update", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--no-lupdate", action="store_true", help="only compile the .ts files as they are"
    )
    args = parser.parse_args(argv)
    for language in LANGUAGES:
        ts = ts_path(language)
        if not args.no_lupdate:
            lupdate(ts)
        lrelease(ts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
