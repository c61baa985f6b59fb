"""Grid-world pictures: the RGB observation the network sees, and GIFs of episodes.

Each cell is a flat square of its colour, `pixels_per_cell` wide; the agent fills its
cell, in a second colour while it holds the key so that the picture alone tells the whole
state (the policy has no memory). Colours differ in more than one channel so that a
single convolution can tell every kind of cell apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from studio.core.envs.gridworld import DOOR, EMPTY, GOAL, KEY, LAVA, WALL

PALETTE = np.zeros((6, 3), dtype=np.uint8)
PALETTE[EMPTY] = (20, 20, 28)
PALETTE[WALL] = (128, 128, 128)
PALETTE[GOAL] = (40, 220, 80)
PALETTE[LAVA] = (240, 90, 20)
PALETTE[KEY] = (250, 220, 40)
PALETTE[DOOR] = (140, 70, 200)
AGENT = np.array((40, 120, 255), dtype=np.uint8)
AGENT_WITH_KEY = np.array((250, 250, 250), dtype=np.uint8)


def render(
    cells: np.ndarray, pos: np.ndarray, has_key: np.ndarray, pixels_per_cell: int
) -> np.ndarray:
    """Observations (N, 3, S*p, S*p) uint8 of N grids: cells (N, S, S), pos (N, 2)."""
    n = cells.shape[0]
    img = PALETTE[cells]  # (N, S, S, 3)
    rows = np.arange(n)
    img[rows, pos[:, 0], pos[:, 1]] = np.where(has_key[:, None], AGENT_WITH_KEY, AGENT)
    p = pixels_per_cell
    img = img.repeat(p, axis=1).repeat(p, axis=2)  # (N, S*p, S*p, 3)
    return np.ascontiguousarray(img.transpose(0, 3, 1, 2))


def save_gif(
    frames: Sequence[np.ndarray], path: str | Path, *, scale: int = 8, ms_per_frame: int = 250
) -> Path:
    """Write frames (each (H, W, 3) or (3, H, W) uint8) as a looping GIF, enlarged by
    `scale` with nearest-neighbour so cells stay sharp. Returns the path written."""
    from PIL import Image

    if len(frames) == 0:
        raise ValueError("save_gif: no frames to save; play an episode first")
    if scale < 1 or ms_per_frame < 1:
        raise ValueError(
            f"save_gif: scale and ms_per_frame must be positive, got {scale}, {ms_per_frame}"
        )
    images = []
    for i, frame in enumerate(frames):
        a = np.asarray(frame)
        if a.ndim == 3 and a.shape[0] == 3 and a.shape[-1] != 3:
            a = a.transpose(1, 2, 0)
        if a.ndim != 3 or a.shape[-1] != 3 or a.dtype != np.uint8:
            raise ValueError(
                f"save_gif: frame {i} must be an (H, W, 3) or (3, H, W) uint8 array, got "
                f"shape {a.shape} of {a.dtype}"
            )
        image = Image.fromarray(np.ascontiguousarray(a), "RGB")
        images.append(
            image.resize((a.shape[1] * scale, a.shape[0] * scale), Image.Resampling.NEAREST)
        )
    out = Path(path)
    images[0].save(
        out, save_all=True, append_images=images[1:], duration=ms_per_frame, loop=0, format="GIF"
    )
    return out
