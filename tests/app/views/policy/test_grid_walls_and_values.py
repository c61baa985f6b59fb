"""The grid world in the Policy tab: walls a teacher draws by clicking before Start (kept
in the settings, refused where they cannot be, fixed once a run starts), each cell's value
as colour under the arrows with a scale and a tooltip, and the agent walking over them."""

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from studio.app.shell import ui_language
from studio.app.views.policy.canvas import AGENT_COLOUR, CELL_COLOURS, PolicyCanvas, value_colour
from studio.app.views.policy.view import PolicyView
from studio.core.runs.metrics_file import read_metrics
from tests.support.i18n_walk import english_words

# the quick preset, small and short: one GRPO step, a snapshot before and after it
QUICK = [
    "model.channels=4",
    "stages.grpo.steps=1",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "eval.every=0",
    "eval.size=4",
    "run.probe_every=1",
    "run.checkpoint_every=0",
    "training.device=cpu",
]


def click(qtbot, view: PolicyView, row: int, column: int) -> None:
    qtbot.mouseClick(
        view.canvas, Qt.MouseButton.LeftButton, pos=view.canvas.cell_centre(row, column)
    )


def test_clicking_cells_draws_walls_in_the_settings_before_start_and_not_after(
    qtbot, window, tmp_path
):
    assert window.load_preset("quick_grid_world", [*QUICK, f"run.save_dir={tmp_path / 'runs'}"])
    view = window.view(PolicyView)
    view.canvas.resize(500, 600)
    view.refresh()
    # the preset's grid (tests/core: start [3, 3], goal [0, 4]) shows before any run
    assert view.canvas.snapshot is view.layout_picture and view.walls_editable
    assert "Click a cell to put a wall there" in view.about.text()
    assert "Click to put a wall here" in view.canvas.cell_tip(2, 3)

    click(qtbot, view, 2, 3)
    assert window.setup.form.config().task.walls == [[2, 3]]
    assert view.canvas.snapshot["cells"][2][3] == "wall"
    click(qtbot, view, 2, 3)  # again: taken away
    assert window.setup.form.config().task.walls == []
    click(qtbot, view, 2, 3)
    click(qtbot, view, 2, 4)
    assert window.setup.form.config().task.walls == [[2, 3], [2, 4]]
    assert "a wall drawn by hand (click to take it away)" in view.canvas.cell_tip(2, 4)

    click(qtbot, view, 3, 3)  # the start
    assert "The agent starts on this cell" in view.notice.text() and not view.notice.isHidden()
    click(qtbot, view, 0, 4)  # the goal
    assert "Walls go on empty cells only" in view.notice.text()
    # [1, 4] would close the goal's last side: the grid's own wall is at [0, 3]
    click(qtbot, view, 1, 4)
    refused = view.notice.text()
    assert "This wall was not drawn: with it there would be no way from the start" in refused
    assert "click it again" not in refused and "task.walls" not in refused  # window words
    assert window.setup.form.config().task.walls == [[2, 3], [2, 4]]
    click(qtbot, view, 0, 3)  # the grid's own wall
    assert "only walls drawn by hand can be taken away" in view.notice.text()

    # Start: the run's resolved config keeps the walls; the grid becomes fixed
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=120_000)
    run_dir = Path(window.session.run_dir)
    assert "walls:" in (run_dir / "config.yaml").read_text()
    view.refresh()
    assert not view.walls_editable and not view.canvas.editable
    click(qtbot, view, 4, 0)
    assert window.setup.form.config().task.walls == [[2, 3], [2, 4]]
    assert "fixed once a run has started" in view.notice.text()
    (last,) = [r for r in read_metrics(run_dir) if r["kind"] == "probe"][-1:]
    assert last["probe"]["walls"] == [[2, 3], [2, 4]]
    assert view.canvas.snapshot is view.shown["probe"] and view.shown["probe"]["values"]
    assert "25% of the training episodes are played on this grid" in view.about.text()

    # opened again from the Runs panel: the walls and the values come back, fixed
    window.session.open_run(str(run_dir))
    view.refresh()
    assert view.canvas.snapshot["walls"] == [[2, 3], [2, 4]]
    assert not view.walls_editable
    # another preset shown: no run, so walls may be drawn on its grid again
    assert window.load_preset("quick_grid_world", QUICK)
    view.refresh()
    assert view.walls_editable and view.canvas.snapshot is view.layout_picture


def snapshot_with_values() -> dict:
    right = [0.1, 0.7, 0.1, 0.1]
    return {
        "kind": "grid",
        "title": "a 2x2 grid",
        "actions": ["up", "right", "down", "left"],
        "cells": [["empty", "goal"], ["empty", "wall"]],
        "start": [1, 0],
        "probs": [[right, None], [[0.7, 0.1, 0.1, 0.1], None]],
        "values": [[0.9, None], [0.3, None]],
        "max_steps": 8,
        "walk": [[1, 0], [0, 0], [0, 1]],
        "walk_outcome": "goal",
        "walls": [],
    }


def test_values_are_colours_under_the_arrows_with_a_scale_and_a_tooltip(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(300, 420)
    canvas.show_snapshot(snapshot_with_values())
    left, top, size, side = canvas.grid_geometry()
    assert side == 2 and top + 2 * size < 420 - canvas._legend_height(canvas.snapshot)
    image = canvas.grab().toImage()

    def colour(x: float, y: float) -> str:
        return QColor(image.pixel(int(x), int(y))).name()

    # a corner of each cell, away from its arrows, has the value's colour
    assert colour(left + 6, top + 6) == value_colour(0.9).name()
    assert colour(left + 6, top + size + 6) == value_colour(0.3).name()
    assert value_colour(0.9) != value_colour(0.3)
    assert colour(left + size + 6, top + size + 6) == QColor(CELL_COLOURS["wall"]).name()
    # the arrows are drawn over the colour: right of the top-left cell's centre
    assert colour(left + size * 0.5 + size * 0.25, top + size * 0.5) not in (
        value_colour(0.9).name(),
        QColor(CELL_COLOURS["empty"]).name(),
    )
    # the scale under the grid runs from the colour of 0 to that of 1
    bar = canvas.scale_bar()
    assert bar.top() > top + 2 * size and bar.bottom() < 420
    y = bar.center().y()

    def near(name: str, value: float) -> bool:  # the bar's gradient, to a step of rounding
        a, b = QColor(name), value_colour(value)
        return (
            max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= 3
        )

    assert near(colour(bar.left() + 2, y), 0.0) and near(colour(bar.right() - 2, y), 1.0)
    assert near(colour(bar.center().x(), y), 0.5)
    tip = canvas.cell_tip(0, 0)
    assert "reaches the goal in 90% of episodes (within 8 moves)" in tip and "→ 70%" in tip
    assert canvas.cell_tip(1, 1).endswith("wall")


def test_the_agent_walks_over_the_arrows_on_a_timer(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(300, 420)
    canvas.show_snapshot(snapshot_with_values())
    assert canvas.walk == [(1, 0), (0, 0), (0, 1)] and canvas.walk_timer.isActive()
    assert canvas.walk_at == 0

    def agent_at(row: int, column: int) -> bool:
        centre = canvas.cell_centre(row, column)
        image = canvas.grab().toImage()
        return QColor(image.pixel(centre)).name() == AGENT_COLOUR.name()

    assert agent_at(1, 0) and not agent_at(0, 0)
    qtbot.waitUntil(lambda: canvas.walk_at == 1, timeout=2000)
    assert agent_at(0, 0)
    # a new snapshot while the agent walks: it finishes its walk first
    newer = snapshot_with_values()
    newer["walk"] = [[1, 0], [1, 0]]
    newer["walk_outcome"] = "limit"
    canvas.show_snapshot(newer)
    assert canvas.walk[-1] == (0, 1)
    qtbot.waitUntil(lambda: canvas.walk == [(1, 0), (1, 0)], timeout=5000)


def test_the_grids_words_are_chinese_in_the_chinese_window(qtbot, window):
    """The texts painted on the grid (the scale, a cell's tooltip) and the walls' messages
    read in Chinese, as the labels the window walk checks do."""
    assert ui_language.install(ui_language.CHINESE)
    try:
        canvas = PolicyCanvas()
        qtbot.addWidget(canvas)
        canvas.resize(300, 420)
        canvas.show_snapshot(snapshot_with_values())
        canvas.editable = True
        texts = [canvas._caption(canvas.snapshot), canvas.cell_tip(0, 0), canvas.cell_tip(1, 1)]
        assert window.load_preset("quick_grid_world", QUICK)
        view = window.view(PolicyView)
        view.refresh()
        texts.append(view.about.text())
        for cell in [(3, 3), (1, 4), (0, 3), (0, 4)]:  # start, goal shut off, own wall, goal
            view.toggle_wall(*cell)
            texts.append(view.notice.text())
        view.toggle_wall(2, 3)
        texts.append(view.notice.text())
        assert len(set(texts)) == len(texts)
        for text in texts:
            assert english_words(text) == [], text
    finally:
        ui_language.remove()


def test_the_grid_and_its_scale_grow_with_the_text_size(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.show_snapshot(snapshot_with_values())
    small = canvas.minimumSizeHint()
    canvas.resize(small)  # each at its least size: the cells are the text size's floor
    cell_small, bar_small = canvas.grid_geometry()[2], canvas.scale_bar().height()
    font = QFont(canvas.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    canvas.setFont(font)
    big = canvas.minimumSizeHint()
    assert big.width() > small.width() * 1.5 and big.height() > small.height() * 1.5
    canvas.resize(big)
    left, top, size, side = canvas.grid_geometry()
    assert size > cell_small * 1.5 and canvas.scale_bar().height() > bar_small * 1.5
    # the scale and its ends fit under the grid, inside the canvas
    assert top + side * size <= canvas.scale_bar().top()
    assert canvas.scale_bar().bottom() + QFontMetricsF(font).height() <= big.height()
