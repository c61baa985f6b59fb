"""A built-in image set: procedurally drawn shapes, so the image task runs offline.

Each picture is one shape (circle, square, triangle, cross, star or ring) of random
size, position, rotation and colour on a random background of the opposite brightness,
plus Gaussian pixel noise. Shapes are drawn at four times the size and scaled down, which
smooths their edges. Everything comes from one numpy generator seeded by `seed`: the same
arguments give the same images, bit for bit.
"""

from __future__ import annotations

import math

import numpy as np
import torch
from PIL import Image, ImageDraw

from studio.core.data.images import ImageReport
from studio.core.messages import say

SHAPES = ("circle", "square", "triangle", "cross", "star", "ring")
DEFAULT_CLASSES = ("circle", "square", "triangle", "cross")
SUPERSAMPLE = 4


def _polygon(cx: float, cy: float, radii: list[float], angle: float) -> list[tuple[float, float]]:
    """Vertices at evenly spaced angles from `angle`, at the given distances from the centre."""
    n = len(radii)
    return [
        (
            cx + r * math.cos(angle + 2 * math.pi * k / n),
            cy + r * math.sin(angle + 2 * math.pi * k / n),
        )
        for k, r in enumerate(radii)
    ]


def _cross(cx: float, cy: float, r: float, angle: float) -> list[tuple[float, float]]:
    """A plus sign of arm length r and arm half-width r/3, rotated by `angle`."""
    w = r / 3
    outline = [(w, -r), (w, -w), (r, -w), (r, w), (w, w), (w, r),
               (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w), (-w, -r)]  # fmt: skip
    c, s = math.cos(angle), math.sin(angle)
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in outline]


def draw_shape(name: str, size: int, rng: np.random.Generator, noise: float) -> np.ndarray:
    """One (size, size, 3) uint8 picture of shape `name`."""
    big = size * SUPERSAMPLE
    dark_background = rng.random() < 0.5
    lo, hi = (0, 90) if dark_background else (165, 256)
    background = tuple(int(v) for v in rng.integers(lo, hi, 3))
    lo, hi = (150, 256) if dark_background else (0, 100)
    colour = tuple(int(v) for v in rng.integers(lo, hi, 3))
    r = rng.uniform(0.22, 0.42) * big  # the shape's outer radius
    cx, cy = rng.uniform(r, big - r, 2)
    angle = rng.uniform(0, 2 * math.pi)
    image = Image.new("RGB", (big, big), background)
    draw = ImageDraw.Draw(image)
    if name == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    elif name == "ring":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=max(2, int(r * 0.3)))
    elif name == "square":
        tilt = rng.uniform(-0.3, 0.3)  # small, or a square turned 45 degrees reads as a diamond
        draw.polygon(_polygon(cx, cy, [r] * 4, math.pi / 4 + tilt), fill=colour)
    elif name == "triangle":
        draw.polygon(_polygon(cx, cy, [r] * 3, angle), fill=colour)
    elif name == "cross":
        draw.polygon(_cross(cx, cy, r, rng.uniform(-0.3, 0.3)), fill=colour)
    elif name == "star":
        draw.polygon(_polygon(cx, cy, [r, r * 0.45] * 5, angle), fill=colour)
    else:
        raise ValueError(f"unknown shape {name!r}; choose from {', '.join(SHAPES)}")
    small: np.ndarray = np.asarray(
        image.resize((size, size), Image.Resampling.BOX), dtype=np.float32
    )
    if noise > 0:
        small = small + rng.normal(0.0, noise * 255.0, small.shape)
    return np.clip(np.rint(small), 0, 255).astype(np.uint8)


def draw_shapes(
    n: int,
    image_size: int,
    seed: int,
    *,
    classes: tuple[str, ...] | list[str] = DEFAULT_CLASSES,
    noise: float = 0.1,
) -> tuple[torch.Tensor, torch.Tensor, list[str], ImageReport]:
    """n pictures with balanced labels: (images (n, 3, S, S) uint8, labels (n,) long, class
    names, report), the same result as load_image_folder."""
    classes = list(classes)
    unknown = [c for c in classes if c not in SHAPES]
    if unknown:
        raise ValueError(
            say(
                "task.classes: unknown shape {name}; choose from {shapes}",
                name=repr(unknown[0]),
                shapes=", ".join(SHAPES),
            )
        )
    if len(classes) < 2 or len(set(classes)) != len(classes):
        raise ValueError(
            say("task.classes: need at least two different shapes, got {classes}", classes=classes)
        )
    if n < 1 or image_size < 8:
        raise ValueError(f"draw_shapes needs n >= 1 and image_size >= 8, got {n} and {image_size}")
    rng = np.random.default_rng(seed)
    labels = rng.permutation(np.arange(n) % len(classes))
    pictures = np.stack([draw_shape(classes[y], image_size, rng, noise) for y in labels])
    images = torch.from_numpy(pictures).permute(0, 3, 1, 2).contiguous()  # (n, 3, S, S)
    counts = np.bincount(labels, minlength=len(classes))
    report = ImageReport(
        path="built-in shapes", kept=n, per_class={c: int(k) for c, k in zip(classes, counts)}
    )
    return images, torch.from_numpy(labels).long(), classes, report
