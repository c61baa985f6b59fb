"""The window's frame and what hangs on it: the main window (main_window.py), its menus,
the run toolbar and its status box, the memory gauge, the lesson banner, projector mode,
the first-run tour, the help pages, the UI language, the system libraries check, and
`run_app` (application.py)."""
