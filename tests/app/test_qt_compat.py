"""The PySide6 6.12.0 refcount guard: thousands of emits no longer abort the interpreter."""

import subprocess
import sys

EMITS = """
import sys
n = sys.getrefcount(True) + 1000  # more emits than True has references
{guard}
from PySide6.QtCore import QCoreApplication, QObject, Signal
app = QCoreApplication([])
class E(QObject):
    sig = Signal(str)
e = E()
for _ in range(n):
    e.sig.emit("x")
print("survived")
"""


def run(guard: str) -> subprocess.CompletedProcess:
    code = EMITS.format(guard=guard)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_many_emits_survive_with_the_guard():
    result = run("import studio.app")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "survived"


def test_the_guard_is_needed_or_python_has_immortal_bools():
    # Documents the bug: if a future PySide6 fixes it, this fails and the guard can go.
    result = run("")
    if sys.version_info >= (3, 12):
        assert result.returncode == 0
    else:
        assert result.returncode != 0 and "bool_dealloc" in result.stderr
