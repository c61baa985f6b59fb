"""The Qt application: windows, widgets, the worker thread. Reads what studio.core emits."""

from studio.app.qt_compat import protect_singletons

# Before any signal is emitted or widget painted: see qt_compat for the PySide6 6.12.0 bug.
protect_singletons()
