"""Environments the pixel tasks act in: the grid world and its rendering."""

from studio.core.envs.gridworld import (
    ARROWS,
    NUM_ACTIONS,
    Episodes,
    GridBatch,
    Level,
    LevelError,
    LevelParams,
    arrows,
    generate_level,
    outcomes,
    play,
    shortest_path,
)
from studio.core.envs.render import render, save_gif

__all__ = [
    "ARROWS",
    "NUM_ACTIONS",
    "Episodes",
    "GridBatch",
    "Level",
    "LevelError",
    "LevelParams",
    "arrows",
    "generate_level",
    "outcomes",
    "play",
    "render",
    "save_gif",
    "shortest_path",
]
