"""The Qt application: windows, widgets, the worker thread. Reads what studio.core emits.

One process-wide setting is made here, before anything else of the app runs: the
PySide6 6.12.0 refcount guard (see qt_compat).

OpenMP keeps torch's default wait policy (threads spin a while at each barrier, then
sleep). The window trains on one thread (worker.py), where the policy does not matter; a
count named in training.threads spins, which pays on an otherwise idle CPU and costs much
beside busy programs, where sleeping threads (`OMP_WAIT_POLICY=PASSIVE`) were still slower
than one thread (benchmarks/RESULTS.md, "Threads, third reading").
"""

from studio.app.common.qt_compat import protect_singletons

# Before any signal is emitted or widget painted: see qt_compat for the PySide6 6.12.0 bug.
protect_singletons()
