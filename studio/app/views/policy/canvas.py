"""Drawing one policy snapshot (studio.core.tasks.probing documents the kinds).

- "grid": the held-out grid, and in every free cell four arrows from the centre whose
  lengths are the probabilities of the moves (in the manner of the browser grid-world
  demos of policy iteration); the likeliest is drawn darker, a faint ring marks 25%.
  Under the arrows each cell's colour is its value, the chance that an episode started
  there reaches the goal (a scale below the grid; a cell's tooltip gives the number), and
  over them the agent walks its likeliest moves from the start, a move every WALK_MS on
  a timer. A click on a cell is said (`cell_clicked`): the view draws walls with it.
- "next_tokens": for each fixed prompt, a column per position of its answer, listing the
  likeliest next tokens as bars; the right one is green (and added below when it is not
  among the likeliest).
- "labels": for each held-out image, a bar per label; the right one is green.
"""

from __future__ import annotations

import math
from itertools import pairwise

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QLinearGradient,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from studio.app.i18n.messages import prompt_shown, shape_name

CELL_COLOURS = {
    "empty": "#f6f5ef",
    "wall": "#6e6e6e",
    "goal": "#46b46e",
    "lava": "#e8702a",
    "key": "#f0c430",
    "door": "#9263d3",
}
RIGHT, BAR, INK, FAINT = QColor("#0a7d4f"), QColor("#7a9cc6"), QColor("#222222"), QColor("#999")
DIRECTIONS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
ROW = 20  # px per candidate or label row
COLUMN = (96, 220)  # narrowest and widest column of a next-tokens position
BAR_ROOM = 34 + 50  # a column's room beside its pieces: the percentage, the longest bar
END_TOKEN = "<eos>"
CELL_LINES = 2.6  # a grid cell's least side, in lines of the text size in use (5x5 fits 1024x700)
SCALE_LINES = 22  # the value scale's widest, in lines of the text size in use
# a cell's value (the chance of reaching the goal from it) as colour: cream to teal, apart
# from the goal's green and light enough for the arrows to stay dark on it
VALUE_STOPS = ((0.0, "#f7f3e8"), (0.5, "#c4e2dc"), (1.0, "#7cc2cf"))
DRAWN_WALL = QColor("#4d5a6b")  # a wall the teacher drew: darker than the grid's own
AGENT_COLOUR = QColor("#d6336c")
WALK_MS = 300  # the agent's walk: one move every WALK_MS, readable on a projector
WALK_REST = 4  # ticks the agent rests at the end of a walk before it walks again


def _tr(text: str) -> str:
    return QCoreApplication.translate("PolicyView", text)


def _piece(piece: str) -> str:
    return _tr("(end)") if piece == END_TOKEN else piece.replace(" ", "␣")


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.01 else f"{100 * p:.1f}%"


def value_colour(value: float) -> QColor:
    """The colour of a cell whose episodes reach the goal with chance `value` (0..1)."""
    v = min(max(float(value), 0.0), 1.0)
    for (x0, c0), (x1, c1) in pairwise(VALUE_STOPS):
        if v <= x1:
            a, b, t = QColor(c0), QColor(c1), (v - x0) / (x1 - x0)
            return QColor(
                round(a.red() + (b.red() - a.red()) * t),
                round(a.green() + (b.green() - a.green()) * t),
                round(a.blue() + (b.blue() - a.blue()) * t),
            )
    return QColor(VALUE_STOPS[-1][1])


class PolicyCanvas(QWidget):
    """Paints `snapshot` (a probe record's `probe`), or a placeholder `message`."""

    cell_clicked = Signal(int, int)  # a grid cell (row, column) was clicked

    def __init__(self) -> None:
        super().__init__()
        self.snapshot: dict | None = None
        self.message = ""
        self.editable = False  # a click on a cell draws or takes away a wall (the tooltips say)
        self.walk: list[tuple[int, int]] = []  # the agent's walk being played
        self.walk_outcome = ""
        self.walk_at = 0  # the cell of `walk` the agent stands on
        self._rest = 0  # ticks left resting at the walk's end
        self.walk_timer = QTimer(self)
        self.walk_timer.setInterval(WALK_MS)
        self.walk_timer.timeout.connect(self._walk_on)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_snapshot(self, snapshot: dict | None, message: str = "") -> None:
        self.snapshot, self.message = snapshot, message
        if not self.walk or self.walk_at >= len(self.walk) - 1:  # a walk under way finishes
            self._take_walk()
        self.updateGeometry()
        self.update()

    def _take_walk(self) -> None:
        """Start the walk of the snapshot shown from its first cell (none: no agent)."""
        snap = self.snapshot or {}
        walk = snap.get("walk") if snap.get("kind") == "grid" else None
        self.walk = [(int(r), int(c)) for r, c in walk] if walk else []
        self.walk_outcome = str(snap.get("walk_outcome", "")) if walk else ""
        self.walk_at, self._rest = 0, WALK_REST
        if len(self.walk) > 1:
            self.walk_timer.start()
        else:
            self.walk_timer.stop()

    def _walk_on(self) -> None:
        """One tick: the agent takes its next move, or rests at the end and walks again
        (with the newest snapshot's walk). Not while the canvas is out of sight."""
        if not self.isVisible() and self.window().isVisible():
            return
        if self.walk_at < len(self.walk) - 1:
            self.walk_at += 1
        elif self._rest > 0:
            self._rest -= 1
        else:
            self._take_walk()
        self.update()

    def changeEvent(self, event: QEvent) -> None:  # Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the text size changed: so does the grid
            self.updateGeometry()

    def sizeHint(self) -> QSize:  # Qt's name
        return self.minimumSizeHint()

    def minimumSizeHint(self) -> QSize:  # Qt's name: what a scroll area must give
        snap = self.snapshot or {}
        kind = snap.get("kind")
        if kind == "next_tokens":
            prompts = snap.get("prompts", [])
            narrowest = max((self._layout(p)[1] for p in prompts), default=COLUMN[0])
            return QSize(24 + int(narrowest), sum(self._prompt_height(p) for p in prompts) + 8)
        if kind == "labels":
            images = snap.get("images", [])
            return QSize(360, sum(28 + ROW * len(snap.get("classes", [])) for _ in images))
        if kind == "grid":  # room for every cell at the text size in use, and the scale
            side = int(self._cell_floor() * max(len(snap.get("cells", [])), 1)) + 24
            return QSize(side, side + int(self._legend_height(snap)))
        return QSize(240, 240)

    def _cell_floor(self) -> float:
        """The least a grid cell gets: its arrows and its name at the text size in use, so
        that the grid grows when a teacher raises the text size for a projector (it stayed
        about 220 px whatever the size)."""
        return CELL_LINES * QFontMetricsF(self.font()).height()

    def _legend_height(self, snap: dict) -> float:
        """The value scale's room under the grid: its caption as wrapped, the bar, its ends
        (none when the snapshot has no values)."""
        if not snap.get("values"):
            return 0.0
        line = QFontMetricsF(self.font()).height()
        return self._caption_height(snap) + 2.6 * line

    def _scale_width(self) -> float:
        return max(
            40.0, min(self.width() - 24.0, SCALE_LINES * QFontMetricsF(self.font()).height())
        )

    def _caption(self, snap: dict) -> str:
        return _tr(
            "Colour: how often an episode started in the cell reaches the goal within {steps} moves"
        ).format(steps=snap.get("max_steps", "?"))

    def _caption_height(self, snap: dict) -> float:
        box = QFontMetricsF(self.font()).boundingRect(
            QRectF(0, 0, self._scale_width(), 10_000),
            int(Qt.TextFlag.TextWordWrap),
            self._caption(snap),
        )
        return box.height()

    def grid_geometry(self) -> tuple[float, float, float, int]:
        """Where the grid is drawn: left, top, a cell's side, cells a side."""
        snap = self.snapshot or {}
        side = max(len(snap.get("cells", [])), 1)
        room_h = self.height() - 24 - self._legend_height(snap)
        most = max(110.0, 2 * self._cell_floor())  # a big cell for big text
        size = max(8.0, min((self.width() - 24) / side, room_h / side, most))
        left = (self.width() - size * side) / 2
        top = 12 + max(0.0, (room_h - size * side) / 2)
        return left, top, size, side

    def cell_at(self, point: QPoint | QPointF) -> tuple[int, int] | None:
        """The grid cell (row, column) under `point`, or None."""
        if (self.snapshot or {}).get("kind") != "grid":
            return None
        left, top, size, side = self.grid_geometry()
        c, r = math.floor((point.x() - left) / size), math.floor((point.y() - top) / size)
        return (r, c) if 0 <= r < side and 0 <= c < side else None

    def cell_centre(self, row: int, column: int) -> QPoint:
        left, top, size, _ = self.grid_geometry()
        return QPoint(int(left + (column + 0.5) * size), int(top + (row + 0.5) * size))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt's name
        cell = self.cell_at(event.position())
        if cell is not None and event.button() == Qt.MouseButton.LeftButton:
            self.cell_clicked.emit(*cell)
            event.accept()
            return
        super().mousePressEvent(event)

    def event(self, event: QEvent) -> bool:  # Qt's name: a cell's tooltip
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            cell = self.cell_at(event.pos())
            text = self.cell_tip(*cell) if cell is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def cell_tip(self, row: int, column: int) -> str:
        """What a cell's tooltip says: its value and moves, or what a click there does."""
        snap = self.snapshot or {}
        cells = snap.get("cells", [])
        if not (0 <= row < len(cells) and 0 <= column < len(cells[row])):
            return ""
        cell = cells[row][column]
        where = _tr("Cell [{row}, {column}]").format(row=row, column=column)
        drawn = [row, column] in [list(w) for w in snap.get("walls", [])]
        if drawn:
            what = _tr("a wall drawn by hand")
            if self.editable:
                what += " " + _tr("(click to take it away)")
            return f"{where}: {what}"
        values = snap.get("values") or []
        value = values[row][column] if row < len(values) and column < len(values[row]) else None
        lines = [f"{where}: {_cell_name(cell) or _tr('empty')}" if cell != "empty" else where]
        if value is not None:
            lines.append(
                _tr(
                    "Started here, the agent reaches the goal in {percent} of episodes "
                    "(within {steps} moves)"
                ).format(percent=_percent(float(value)), steps=snap.get("max_steps", "?"))
            )
        probs = snap.get("probs") or []
        p = probs[row][column] if row < len(probs) and column < len(probs[row]) else None
        if p:
            arrows = {"up": "↑", "right": "→", "down": "↓", "left": "←"}
            moves = zip(snap.get("actions", list(DIRECTIONS)), p)
            lines.append("  ".join(f"{arrows.get(a, a)} {_percent(float(q))}" for a, q in moves))
        if self.editable and cell == "empty" and (row, column) != tuple(snap.get("start", ())):
            lines.append(_tr("Click to put a wall here"))
        return "\n".join(lines)

    # ---- painting

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt's name
        del event
        painter = QPainter(self)
        # ended whatever happens: a painter left active on a widget that Qt then
        # destroys or grabs again crashes the process
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.fillRect(self.rect(), QColor("white"))
            snap = self.snapshot or {}
            kind = snap.get("kind")
            if kind == "grid":
                self._grid(painter, snap)
            elif kind == "next_tokens":
                self._next_tokens(painter, snap)
            elif kind == "labels":
                self._labels(painter, snap)
            else:
                painter.setPen(FAINT)
                area = self.rect().adjusted(16, 16, -16, -16)
                painter.drawText(area, Qt.TextFlag.TextWordWrap, self.message)
        finally:
            painter.end()

    def _grid(self, painter: QPainter, snap: dict) -> None:
        cells, probs = snap.get("cells", []), snap.get("probs", [])
        values = snap.get("values") or []
        drawn = {(int(r), int(c)) for r, c in snap.get("walls", [])}
        left, top, size, side = self.grid_geometry()
        actions = snap.get("actions", list(DIRECTIONS))
        start = tuple(snap.get("start", (-1, -1)))
        painter.setFont(_font(painter.font(), max(7, int(size / 6))))
        for r, row in enumerate(cells):
            for c, cell in enumerate(row):
                box = QRectF(left + c * size, top + r * size, size, size)
                v = values[r][c] if r < len(values) and c < len(values[r]) else None
                colour = QColor(CELL_COLOURS.get(cell, "#ffffff"))
                if (r, c) in drawn:
                    colour = DRAWN_WALL
                elif v is not None:
                    colour = value_colour(v)
                painter.fillRect(box, colour)
                if (r, c) in drawn:  # hatched: a teacher's wall, not the grid's own
                    painter.fillRect(box, QBrush(QColor("#8d99a8"), Qt.BrushStyle.BDiagPattern))
                painter.setPen(QPen(QColor("#c9c9c0"), 1))
                painter.drawRect(box)
                if cell in ("goal", "lava", "key", "door"):
                    painter.setPen(QColor("white") if cell != "key" else INK)
                    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, _cell_name(cell))
                if (r, c) == start:
                    painter.setPen(QPen(QColor("#2a6fdb"), max(2.0, size / 18)))
                    painter.drawRect(box.adjusted(2, 2, -2, -2))
                p = probs[r][c] if r < len(probs) and c < len(probs[r]) else None
                if p:
                    _arrows(painter, box, dict(zip(actions, p)))
        self._agent(painter, left, top, size)
        if values:
            self._scale(painter, snap)

    def _agent(self, painter: QPainter, left: float, top: float, size: float) -> None:
        """The agent on its walk: a disc on the cell it stands on, a trail behind it."""
        if not self.walk:
            return
        at = min(self.walk_at, len(self.walk) - 1)

        def centre(rc: tuple[int, int]) -> QPointF:
            return QPointF(left + (rc[1] + 0.5) * size, top + (rc[0] + 0.5) * size)

        trail = QColor(AGENT_COLOUR)
        trail.setAlpha(110)
        painter.setPen(
            QPen(trail, max(2.0, size / 14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        )
        points = [centre(rc) for rc in self.walk[: at + 1]]
        for a, b in pairwise(points):
            painter.drawLine(a, b)
        painter.setPen(QPen(QColor("white"), max(1.5, size / 30)))
        painter.setBrush(AGENT_COLOUR)
        painter.drawEllipse(points[-1], size * 0.16, size * 0.16)  # the arrows show round it
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def scale_bar(self) -> QRectF:
        """Where the value scale's bar is drawn (under the grid and its caption)."""
        _, top, size, side = self.grid_geometry()
        line = QFontMetricsF(self.font()).height()
        width = self._scale_width()
        caption = self._caption_height(self.snapshot or {})
        y = top + side * size + 0.4 * line + caption
        return QRectF((self.width() - width) / 2, y, width, line)

    def _scale(self, painter: QPainter, snap: dict) -> None:
        """The value scale under the grid: a caption, a bar from 0% to 100%, its ends."""
        painter.setFont(self.font())
        line = QFontMetricsF(self.font()).height()
        bar = self.scale_bar()
        painter.setPen(INK)
        caption = self._caption_height(snap)
        above = QRectF(bar.left(), bar.top() - caption - 0.2 * line, bar.width(), caption)
        painter.drawText(
            above, Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap, self._caption(snap)
        )
        gradient = QLinearGradient(bar.topLeft(), bar.topRight())
        for at, colour in VALUE_STOPS:
            gradient.setColorAt(at, QColor(colour))
        painter.fillRect(bar, gradient)
        painter.setPen(QPen(QColor("#999999"), 1))
        painter.drawRect(bar)
        painter.setPen(INK)
        ends = QRectF(bar.left(), bar.bottom() + 1, bar.width(), line)
        painter.drawText(ends, Qt.AlignmentFlag.AlignLeft, _tr("0% (never)"))
        painter.drawText(ends, Qt.AlignmentFlag.AlignCenter, "50%")
        painter.drawText(ends, Qt.AlignmentFlag.AlignRight, _tr("100% (always)"))

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt's name
        super().resizeEvent(event)
        self.updateGeometry()  # the columns a row, so the height, follow the width

    def _layout(self, prompt: dict) -> tuple[float, float, int]:
        """A prompt's columns: the width of its pieces' text, a column's width, and how many
        columns a row holds at the canvas's width (long answers wrap onto more rows)."""
        positions = prompt.get("positions", [])
        metrics = QFontMetricsF(_font(self.font(), 10))
        pieces = [_piece(p["target"]) for p in positions]
        pieces += [_piece(c) for p in positions for c, _ in p.get("candidates", [])]
        text_w = max((metrics.horizontalAdvance(t) for t in pieces), default=20.0) + 8
        width = max(float(COLUMN[0]), text_w + BAR_ROOM)
        room = max(self.width() - 24.0, width)
        if positions and len(positions) * width <= room:  # one row: share the room out
            width = max(width, min(float(COLUMN[1]), room / len(positions)))
        return text_w, width, max(1, int(room // width))

    def _block_height(self, prompt: dict) -> int:
        """One row of columns: each column's head, its candidates (and the right token below
        them when it is not among them)."""
        rows = [
            len(pos.get("candidates", []))
            + (pos["target"] not in [c for c, _ in pos.get("candidates", [])])
            for pos in prompt.get("positions", [])
        ]
        return 22 + ROW * max(rows, default=0) + 10

    def _prompt_height(self, prompt: dict) -> int:
        """A prompt's height: its line and its rows of columns."""
        per_row = self._layout(prompt)[2]
        rows = -(-len(prompt.get("positions", [])) // per_row)
        return 30 + rows * self._block_height(prompt) + 6

    def _next_tokens(self, painter: QPainter, snap: dict) -> None:
        y = 8.0
        for prompt in snap.get("prompts", []):
            positions = prompt.get("positions", [])
            painter.setFont(_font(painter.font(), 11, bold=True))
            painter.setPen(INK)
            head = _tr("{prompt} → {answer}    P(right answer) = {p}").format(
                prompt=prompt.get("prompt", ""),
                answer=prompt.get("reference", ""),
                p=_percent(float(prompt.get("p_answer", 0.0))),
            )
            painter.drawText(QRectF(12, y, self.width() - 24, 24), Qt.AlignmentFlag.AlignLeft, head)
            text_w, width, per_row = self._layout(prompt)
            block = self._block_height(prompt)
            painter.setFont(_font(painter.font(), 10))
            for k, pos in enumerate(positions):
                row, column = divmod(k, per_row)
                at = QRectF(12 + column * width, y + 30 + row * block, width - 10, 0)
                self._position(painter, pos, at, k, text_w)
            y += self._prompt_height(prompt)

    def _position(self, painter: QPainter, pos: dict, at: QRectF, k: int, text_w: float) -> None:
        """One position's column: which token it asks for, then the candidates as bars."""
        x, y, w = at.x(), at.y(), at.width()
        painter.setPen(FAINT)
        head = _tr("token {number}: {token}").format(number=k + 1, token=_piece(pos["target"]))
        head = painter.fontMetrics().elidedText(head, Qt.TextElideMode.ElideRight, int(w))
        painter.drawText(
            QRectF(x, y, w, 20), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, head
        )
        rows = [(c, p, c == pos["target"]) for c, p in pos.get("candidates", [])]
        if not any(right for _, _, right in rows):
            rows.append((pos["target"], float(pos.get("p_target", 0.0)), True))
        for i, (piece, p, right) in enumerate(rows):
            top = y + 22 + i * ROW
            bar = QRectF(x + text_w, top + 3, max(1.0, (w - text_w - 34) * p), ROW - 6)
            painter.fillRect(bar, RIGHT if right else BAR)
            painter.setPen(RIGHT if right else INK)
            name = QRectF(x, top, text_w - 4, ROW)
            painter.drawText(
                name, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, _piece(piece)
            )
            value = QRectF(bar.right() + 3, top, 40, ROW)
            painter.drawText(
                value, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _percent(p)
            )

    def _labels(self, painter: QPainter, snap: dict) -> None:
        classes, y = snap.get("classes", []), 8.0
        for image in snap.get("images", []):
            painter.setFont(_font(painter.font(), 11, bold=True))
            painter.setPen(INK)
            head = _tr("{image}: a {label}").format(
                image=prompt_shown(image["title"]), label=shape_name(str(image["label"]))
            )
            painter.drawText(QRectF(12, y, self.width() - 24, 22), Qt.AlignmentFlag.AlignLeft, head)
            y += 24
            painter.setFont(_font(painter.font(), 10))
            for name, p in zip(classes, image.get("probs", [])):
                right = name == image["label"]
                painter.setPen(RIGHT if right else INK)
                painter.drawText(
                    QRectF(12, y, 90, ROW),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    name,
                )
                bar = QRectF(110, y + 3, max(1.0, (self.width() - 180) * p), ROW - 6)
                painter.fillRect(bar, RIGHT if right else BAR)
                value = QRectF(bar.right() + 4, y, 60, ROW)
                painter.drawText(
                    value, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, _percent(p)
                )
                y += ROW
            y += 4


def _font(base: QFont, points: int, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPointSize(points)
    font.setBold(bold)
    return font


def _cell_name(cell: str) -> str:
    names = {
        "wall": _tr("wall"),
        "goal": _tr("goal"),
        "lava": _tr("lava"),
        "key": _tr("key"),
        "door": _tr("door"),
    }
    return names.get(cell, "")


def _arrows(painter: QPainter, box: QRectF, probs: dict[str, float]) -> None:
    """Four arrows from the cell's centre, each as long as its move's probability (1: to
    the cell's edge); a faint ring at 25%, the length of every arrow of a uniform policy."""
    centre, reach = box.center(), box.width() / 2 - 3
    painter.setPen(QPen(QColor("#d6d6d0"), 1, Qt.PenStyle.DashLine))
    painter.drawEllipse(centre, reach * 0.25, reach * 0.25)
    best = max(probs.values())
    for action, p in probs.items():
        dx, dy = DIRECTIONS.get(action, (0, 0))
        colour = QColor("#1f3f7a") if p == best else QColor("#6f86ad")
        tip = QPointF(centre.x() + dx * reach * p, centre.y() + dy * reach * p)
        width = max(1.5, box.width() / 30)
        painter.setPen(QPen(QBrush(colour), width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(centre, tip)
        head = min(box.width() / 9, reach * p)
        if head < 2:
            continue
        angle = math.atan2(dy, dx)
        wings = [
            QPointF(tip.x() - head * math.cos(angle - a), tip.y() - head * math.sin(angle - a))
            for a in (0.5, -0.5)
        ]
        painter.setBrush(colour)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPolygon(QPolygonF([tip, *wings]))
        painter.setBrush(Qt.BrushStyle.NoBrush)
