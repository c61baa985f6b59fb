"""Environments the pixel tasks act in: the grid world (gridworld.py) and its rendering
(render.py)."""
