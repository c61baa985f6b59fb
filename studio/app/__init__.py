"""The Qt application: windows, widgets, the worker thread. Reads what studio.core emits.

One process-wide setting is made here, before anything else of the app runs: the
PySide6 6.12.0 refcount guard (see qt_compat).

OpenMP keeps torch's default wait policy (threads spin a while at each barrier, then
sleep). `OMP_WAIT_POLICY=PASSIVE` (sleep at once) helps only on a machine busy with other
jobs and slows training on a quiet one (benchmarks/RESULTS.md has the figures), so it is
left to users on a busy machine to set themselves.
"""

from studio.app.qt_compat import protect_singletons

# Before any signal is emitted or widget painted: see qt_compat for the PySide6 6.12.0 bug.
protect_singletons()
