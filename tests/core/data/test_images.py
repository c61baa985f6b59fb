"""Images in class folders and the drawn-shapes demo set."""

import numpy as np
import pytest
import torch
from PIL import Image

from studio.core.data.images import load_image_folder, read_image, stratified_split
from studio.core.data.load_report import DataError
from studio.core.data.shapes import SHAPES, draw_shapes


def save(path, colour=(200, 30, 30), size=(10, 10), mode="RGB", fmt=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new(mode, size, colour).save(path, format=fmt)
    return path


def two_classes(root, n=3):
    for i in range(n):
        save(root / "cat" / f"c{i}.png", (250, 0, 0))
        save(root / "dog" / f"d{i}.jpg", (0, 0, 250))
    return root


def test_loads_class_folders_in_name_order(tmp_path):
    root = two_classes(tmp_path / "pets")
    save(root / "dog" / "wide.png", (0, 0, 250), size=(40, 10))  # non-square: cropped
    images, labels, names, report = load_image_folder(root, 8)
    assert names == ["cat", "dog"]
    assert images.shape == (7, 3, 8, 8) and images.dtype == torch.uint8
    assert labels.tolist() == [0, 0, 0, 1, 1, 1, 1]
    assert images[0, :, 4, 4].tolist() == [250, 0, 0]
    assert images[6, 2].float().mean() > 240  # the wide image, still blue everywhere
    assert report.kept == 7 and report.per_class == {"cat": 3, "dog": 4}
    assert report.summary() == "kept 7 images in 2 classes (cat 3, dog 4)"


def test_transparency_is_laid_on_white(tmp_path):
    path = save(tmp_path / "t.png", (0, 0, 0, 0), mode="RGBA")
    assert read_image(path, 4).tolist() == np.full((4, 4, 3), 255).tolist()


def test_bad_files_are_skipped_and_named_in_the_report(tmp_path):
    root = two_classes(tmp_path / "pets")
    (root / "cat" / "notes.txt").write_text("not a picture")
    good = save(tmp_path / "big.png", (1, 2, 3), size=(64, 64)).read_bytes()
    (root / "dog" / "broken.png").write_bytes(good[: len(good) // 2])  # truncated
    (root / "dog" / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")  # hidden: ignored silently
    (root / "readme.md").write_text("loose file")
    images, labels, names, report = load_image_folder(root, 8)
    assert len(labels) == 6
    assert report.skipped == {
        "outside a class folder": ["readme.md"],
        "not an image": ["cat/notes.txt"],
        "truncated or corrupt": ["dog/broken.png"],
    }
    assert report.total_skipped == 3
    text = report.summary()
    assert "1 not an image (cat/notes.txt)" in text
    assert "1 truncated or corrupt (dog/broken.png)" in text
    assert text.endswith("remove or re-save these files")


def test_an_empty_class_folder_is_an_error_naming_it(tmp_path):
    root = two_classes(tmp_path / "pets")
    (root / "fox").mkdir()
    with pytest.raises(DataError, match=r"fox: the class folder 'fox' holds no images; add PNG"):
        load_image_folder(root, 8)


def test_a_class_with_no_readable_image_is_an_error(tmp_path):
    root = two_classes(tmp_path / "pets")
    (root / "fox").mkdir()
    (root / "fox" / "a.txt").write_text("x")
    with pytest.raises(
        DataError,
        match=r"none of the 1 files in class folder 'fox'.*a.txt: "
        r"not an image",
    ):
        load_image_folder(root, 8)


def test_one_class_only_is_an_error(tmp_path):
    save(tmp_path / "only" / "cat" / "a.png")
    with pytest.raises(DataError, match=r"only one class folder \(cat/\); a classifier needs"):
        load_image_folder(tmp_path / "only", 8)


def test_missing_path_file_and_flat_folder_are_errors(tmp_path):
    with pytest.raises(DataError, match="no such folder; give a folder holding one subfolder"):
        load_image_folder(tmp_path / "nope", 8)
    with pytest.raises(DataError, match="is a file, not a folder"):
        load_image_folder(save(tmp_path / "a.png"), 8)
    save(tmp_path / "flat" / "a.png")
    with pytest.raises(DataError, match="holds no class folders"):
        load_image_folder(tmp_path / "flat", 8)


def test_stratified_split_keeps_every_class_in_every_part():
    labels = torch.tensor([0] * 10 + [1] * 4 + [2] * 3)
    train, valid, test = stratified_split(labels, valid_fraction=0.1, test_fraction=0.1, seed=3)
    assert sorted(train + valid + test) == list(range(17))
    assert not set(train) & set(valid) and not set(valid) & set(test)
    for part in (train, valid, test):
        assert set(labels[part].tolist()) == {0, 1, 2}
    again = stratified_split(labels, valid_fraction=0.1, test_fraction=0.1, seed=3)
    assert again == (train, valid, test)


def test_shapes_are_deterministic_from_the_seed_and_balanced():
    a_img, a_lab, names, report = draw_shapes(24, 16, seed=7, classes=SHAPES)
    b_img, b_lab, _, _ = draw_shapes(24, 16, seed=7, classes=SHAPES)
    assert torch.equal(a_img, b_img) and torch.equal(a_lab, b_lab)
    c_img, _, _, _ = draw_shapes(24, 16, seed=8, classes=SHAPES)
    assert not torch.equal(a_img, c_img)
    assert a_img.shape == (24, 3, 16, 16) and a_img.dtype == torch.uint8
    assert names == list(SHAPES) and torch.bincount(a_lab).tolist() == [4] * 6
    assert report.kept == 24 and report.per_class["ring"] == 4


def test_each_drawn_shape_is_a_blob_of_one_colour_on_another():
    images, labels, names, _ = draw_shapes(60, 32, seed=0, classes=SHAPES, noise=0.0)
    for img in images.float():
        corner = img[:, 0, 0]  # the background (no shape reaches a corner)
        differs = (img - corner[:, None, None]).abs().sum(0) > 60  # (32, 32) shape pixels
        assert 0.03 < differs.float().mean() < 0.6
    # rings are hollow: the centre of a ring's bounding box is background
    for img, y in zip(images.float(), labels):
        if names[y] != "ring":
            continue
        corner = img[:, 0, 0]
        rows, cols = torch.nonzero((img - corner[:, None, None]).abs().sum(0) > 60, as_tuple=True)
        cy, cx = (rows.min() + rows.max()) // 2, (cols.min() + cols.max()) // 2
        assert (img[:, cy, cx] - corner).abs().sum() < 60


def test_unknown_shape_is_rejected():
    with pytest.raises(ValueError, match="unknown shape 'hexagon'; choose from circle"):
        draw_shapes(4, 16, seed=0, classes=["circle", "hexagon"])
