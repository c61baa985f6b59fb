"""Images in class folders: one subfolder per class, read with Pillow and made square.

`load_image_folder("pets/", 32)` reads pets/cat/*.png, pets/dog/*.jpg, ... (any still
image Pillow decodes; PNG and JPEG are what people have). Each image is turned upright
by its EXIF orientation, laid on white where it is transparent, centre-cropped to a
square and resized (the torchvision habit of resize + centre crop, in one Pillow call).

A file that is not an image or is truncated is skipped and counted in the report, with
its name; a folder that cannot make a classifier (no class folders, one class only, a
class with no readable image) is a DataError that names the folder and the fix. Hidden
files and folders (.DS_Store, ._photo.jpg, .thumbnails/) are ignored silently.

The split into train/valid/test is stratified, so every class appears in each part.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from PIL import Image, ImageOps, UnidentifiedImageError

from studio.core.data.load_report import DataError
from studio.core.messages import Message, joined, say

HOW = say("give a folder holding one subfolder of images per class (e.g. pets/cat/, pets/dog/)")


@dataclass
class ImageReport:
    """What loading kept, per class, and what it skipped and why (file paths, relative)."""

    path: str
    kept: int = 0
    per_class: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, list[str]] = field(default_factory=dict)  # reason (a message) -> files

    def skip(self, reason: str, file: str) -> None:
        self.skipped.setdefault(reason, []).append(file)

    @property
    def total_skipped(self) -> int:
        return sum(len(files) for files in self.skipped.values())

    def summary(self, max_items: int = 5) -> Message:
        """One line, e.g. "kept 120 images in 3 classes (cat 40, ...); skipped 1 not an
        image (cat/notes.txt): remove or re-save these files"."""
        kept = self._kept()
        skips = []
        for reason, files in self.skipped.items():
            shown = ", ".join(files[:max_items]) + (", ..." if len(files) > max_items else "")
            skips.append(
                say("{n} {reason} ({files})", n=f"{len(files):,}", reason=reason, files=shown)
            )
        if not skips:
            return kept
        return say(
            "{kept}; skipped {skips}: remove or re-save these files",
            kept=kept,
            skips=joined(", ", skips),
        )

    def _kept(self) -> Message:
        """ "kept 120 images in 3 classes (cat 40, dog 40, fox 40)"."""
        classes = ", ".join(f"{name} {count:,}" for name, count in self.per_class.items())
        n, k = f"{self.kept:,}", len(self.per_class)
        if not classes:
            return say("kept {n} images in {k} classes", n=n, k=k)
        if self.kept == 1:
            return say("kept {n} image in {k} class ({classes})", n=n, k=k, classes=classes)
        if k == 1:
            return say("kept {n} images in {k} class ({classes})", n=n, k=k, classes=classes)
        return say("kept {n} images in {k} classes ({classes})", n=n, k=k, classes=classes)


class _Unreadable(Exception):
    """One file could not be used; args[0] is the reason as the report words it."""


def read_image(path: str | Path, image_size: int) -> np.ndarray:
    """One image as (image_size, image_size, 3) uint8, or _Unreadable(reason)."""
    try:
        with Image.open(path) as opened:
            # JPEG only: decode at a reduced scale straight away (much faster for photos)
            opened.draft("RGB", (image_size * 2, image_size * 2))
            opened.load()  # a truncated file fails here, not at open
            im: Image.Image = ImageOps.exif_transpose(opened)
            if im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info:
                rgba = im.convert("RGBA")
                im = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
                im.alpha_composite(rgba)
            im = ImageOps.fit(
                im.convert("RGB"), (image_size, image_size), method=Image.Resampling.LANCZOS
            )
            return np.asarray(im, dtype=np.uint8).copy()
    except UnidentifiedImageError:
        raise _Unreadable(say("not an image")) from None
    except Image.DecompressionBombError:
        raise _Unreadable(say("too large to decode safely")) from None
    except PermissionError:
        raise _Unreadable(say("unreadable (permission denied)")) from None
    except (OSError, SyntaxError, ValueError, EOFError):
        raise _Unreadable(say("truncated or corrupt")) from None


def _visible(p: Path) -> bool:
    return not p.name.startswith(".")


def _shown_in(p: Path, root: Path) -> bool:
    """Neither `p` nor a folder between it and `root` is hidden (.thumbnails/...)."""
    return not any(part.startswith(".") for part in p.relative_to(root).parts)


def load_image_folder(
    path: str | Path, image_size: int
) -> tuple[torch.Tensor, torch.Tensor, list[str], ImageReport]:
    """(images (N, 3, S, S) uint8, labels (N,) long, class names, report) of a class-folder
    tree; class i is the i-th subfolder in name order. Raises DataError when the folder
    cannot make a classifier."""
    if image_size < 1:
        raise ValueError(f"image_size must be a positive integer, got {image_size}")
    root = Path(path).expanduser()
    report = ImageReport(path=str(root))
    folders = _class_folders(root, report)
    images, labels = [], []
    for label, folder in enumerate(folders):
        read = _read_class(folder, root, image_size, report)
        images += read
        labels += [label] * len(read)
        report.per_class[folder.name] = len(read)
    report.kept = len(images)
    stacked = torch.from_numpy(np.stack(images)).permute(0, 3, 1, 2).contiguous()
    return stacked, torch.tensor(labels, dtype=torch.long), [f.name for f in folders], report


def _class_folders(root: Path, report: ImageReport) -> list[Path]:
    """The class folders of `root`, in name order (files beside them are skipped and
    reported); DataError unless there are two or more."""
    if not root.exists():
        raise DataError(say("{path}: no such folder; {how}", path=root, how=HOW))
    if not root.is_dir():
        raise DataError(say("{path}: is a file, not a folder; {how}", path=root, how=HOW))
    try:
        entries = sorted(p for p in root.iterdir() if _visible(p))
    except OSError as err:
        raise DataError(
            say(
                "{path}: cannot be read ({reason}); check its permissions",
                path=root,
                reason=err.strerror,
            )
        ) from None
    folders = [p for p in entries if p.is_dir()]
    for loose in (p for p in entries if p.is_file()):
        report.skip(say("outside a class folder"), loose.name)
    if not folders:
        raise DataError(say("{path}: holds no class folders; {how}", path=root, how=HOW))
    if len(folders) == 1:
        raise DataError(
            say(
                "{path}: has only one class folder ({name}/); a classifier needs at least "
                "two: add a subfolder of images for each other class",
                path=root,
                name=folders[0].name,
            )
        )
    return folders


def _read_class(folder: Path, root: Path, image_size: int, report: ImageReport) -> list[np.ndarray]:
    """The readable images of one class folder (the others skipped and reported);
    DataError when it holds no file, or none that reads as an image."""
    files = sorted(p for p in folder.rglob("*") if p.is_file() and _shown_in(p, folder))
    if not files:
        raise DataError(
            say(
                "{path}: the class folder '{name}' holds no images; add PNG or JPEG files to "
                "it, or remove the folder",
                path=folder,
                name=folder.name,
            )
        )
    images, failures = [], []
    for file in files:
        try:
            images.append(read_image(file, image_size))
        except _Unreadable as why:
            report.skip(why.args[0], file.relative_to(root).as_posix())
            failures.append(say("{where}: {problem}", where=file.name, problem=why.args[0]))
    if not images:
        listed = joined("; ", failures[:3] + (["..."] if len(failures) > 3 else []))
        raise DataError(
            say(
                "{path}: none of the {n} files in class folder '{name}' could be read as an "
                "image ({listed}); add PNG or JPEG images to it, or remove the folder",
                path=folder,
                n=len(files),
                name=folder.name,
                listed=listed,
            )
        )
    return images


def stratified_split(
    labels: torch.Tensor, *, valid_fraction: float, test_fraction: float, seed: int
) -> tuple[list[int], list[int], list[int]]:
    """Indices of train, valid and test: each class split by the fractions on its own
    (valid and test get at least one image of a class that has three or more), shuffled
    by `seed` so the split is the same every run."""
    rng = random.Random(seed)
    train, valid, test = [], [], []
    ys = labels.tolist()
    for c in sorted(set(ys)):
        idx = [i for i, y in enumerate(ys) if y == c]
        rng.shuffle(idx)
        n = len(idx)
        n_valid = max(round(n * valid_fraction), 1 if valid_fraction > 0 and n >= 3 else 0)
        n_test = max(round(n * test_fraction), 1 if test_fraction > 0 and n >= 3 else 0)
        n_valid = min(n_valid, max(n - 1, 0))  # keep at least one image to train on
        n_test = min(n_test, max(n - 1 - n_valid, 0))
        valid += idx[:n_valid]
        test += idx[n_valid : n_valid + n_test]
        train += idx[n_valid + n_test :]
    return sorted(train), sorted(valid), sorted(test)
