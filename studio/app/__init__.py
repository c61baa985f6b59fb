"""The Qt application: windows, widgets, the worker thread. Reads what studio.core emits.

One process-wide setting is made here, before anything else of the app runs: the
PySide6 6.12.0 refcount guard (see qt_compat).

OpenMP keeps torch's default wait policy (threads spin a while at each barrier, then
sleep). `OMP_WAIT_POLICY=PASSIVE` (sleep at once) was tried: on a machine busy with other
jobs it kept the window's steps from slowing 10x, but on a quiet 2-core machine it made
Micro-GPT's GRPO steps 40% slower and the window ran at 56% of headless throughput,
against 102% with the default (benchmarks/RESULTS.md). Users on a busy machine can still
set OMP_WAIT_POLICY=PASSIVE themselves.
"""

from studio.app.qt_compat import protect_singletons

# Before any signal is emitted or widget painted: see qt_compat for the PySide6 6.12.0 bug.
protect_singletons()
