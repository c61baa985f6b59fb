"""The small pieces every part of the window shares: modal dialogs behind functions tests
replace (dialogs.py), slow work off the GUI thread (background.py), the guards against
PySide6's hazards (qt_compat.py), the redraw-while-seen mixin (redraw_when_seen.py),
emptying a layout to rebuild it (layouts.py) and where the icon and stylesheet are
(resources.py)."""
