"""The run in use: starting, stepping, resetting, continuing, opening and overlaying runs,
and closing mid-run (run_session.py); the worker thread that trains (worker.py); asking
before a preset's own code runs (code_consent.py); exporting the run (exporter.py)."""
