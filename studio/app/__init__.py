"""The Qt application: windows, widgets, the worker thread. Reads what studio.core emits.

Two process-wide settings are made here, before anything else of the app runs:

- the PySide6 6.12.0 refcount guard (see qt_compat);
- OpenMP threads that sleep while they wait (`OMP_WAIT_POLICY=PASSIVE`, unless the
  user set a policy), if torch is not loaded yet (OpenMP reads it once, at load). By
  default torch's OpenMP threads spin at every barrier; in the window the GUI thread
  needs a core now and then, and when it takes one from a spinning team the whole team
  waits for it. Measured on the 2-core development machine while others' jobs ran
  (Micro-GPT, 4 prompts x 8 samples, 2 threads), seconds per GRPO step: with the window
  open 3.6-5.0 spinning, 0.26-0.30 sleeping; headless 0.70-2.0 spinning, 0.23 sleeping.
"""

import os
import sys

from studio.app.qt_compat import protect_singletons

if "torch" not in sys.modules:
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# Before any signal is emitted or widget painted: see qt_compat for the PySide6 6.12.0 bug.
protect_singletons()
