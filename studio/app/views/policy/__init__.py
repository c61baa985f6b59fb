"""The Policy tab: the snapshots of a run (view.py), each drawn by canvas.py."""
