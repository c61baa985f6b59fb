"""The Data tab's column picker: which column of the user's file is the source and which
the target, and a Swap button that turns the direction round.

It shows what the loader found in each column (its name, script and first cell) and
emits the user's choice; the data panel turns that into the settings
`task.source_column`/`task.target_column` (and, for Swap, the two languages).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QPushButton

from studio.core.data.load_report import ColumnProfile

AUTOMATIC = -1  # the combo entry that leaves the column to the loader
MIN_CHARS = 7  # a column box's least width, in characters


class ColumnPicker(QGroupBox):
    """Source and target column choices, and Swap. Emits `picked(source, target)` with
    column numbers (None, None: match them automatically) and `swap_requested`."""

    picked = Signal(object, object)
    swap_requested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setTitle(self.tr("Columns"))
        self.source = QComboBox()
        self.target = QComboBox()
        for combo in (self.source, self.target):
            # In a narrow dock an entry is cut rather than the dock widened: without a
            # least length, the least width Qt gives a combo follows the entries it had
            # when first asked, so the dock's width depended on when that was.
            combo.setMinimumContentsLength(MIN_CHARS)
        self.source_label = QLabel(self.tr("Source"))
        self.target_label = QLabel(self.tr("Target"))
        self.swap = QPushButton(self.tr("⇄ Swap"))
        self.swap.setToolTip(
            self.tr("Translate the other way: the target becomes the source and back")
        )
        grid = QGridLayout(self)
        grid.addWidget(self.source_label, 0, 0)
        grid.addWidget(self.source, 0, 1)
        grid.addWidget(self.target_label, 1, 0)
        grid.addWidget(self.target, 1, 1)
        grid.addWidget(self.swap, 0, 2, 2, 1)
        grid.setColumnStretch(1, 1)
        self._filling = False
        self._profiles: list[ColumnProfile] = []
        self.source.activated.connect(self._on_pick)
        self.target.activated.connect(self._on_pick)
        self.swap.clicked.connect(self.swap_requested)

    def set_columns(
        self,
        profiles: list[ColumnProfile],
        source: int | None,
        target: int | None,
        langs: tuple[str, str],
    ) -> None:
        """Show the file's columns, with `source`/`target` chosen (None: none yet)."""
        self._filling = True
        self._profiles = profiles
        self.source_label.setText(self.tr("Source ({lang})").format(lang=langs[0]))
        self.target_label.setText(self.tr("Target ({lang})").format(lang=langs[1]))
        for combo, chosen in ((self.source, source), (self.target, target)):
            combo.clear()
            combo.addItem(self.tr("Automatic (matched by language)"), AUTOMATIC)
            for p in profiles:
                combo.addItem(self._entry(p), p.index)
            combo.setCurrentIndex(combo.findData(chosen) if chosen is not None else 0)
        self._filling = False

    def _entry(self, p: ColumnProfile) -> str:
        if p.kind == "metadata":
            what = self.tr("licence notes, ids or links")
        elif p.kind == "empty":
            what = self.tr("empty")
        else:
            what = p.script or self.tr("no letters")
        name = f" “{p.name}”" if p.name else ""
        sample = p.sample if len(p.sample) <= 30 else p.sample[:29] + "…"
        return self.tr("column {n}{name}: {what} — {sample}").format(
            n=p.index, name=name, what=what, sample=sample
        )

    def chosen(self) -> tuple[int | None, int | None]:
        """The columns picked as (source, target); None: automatic."""
        return _column(self.source.currentData()), _column(self.target.currentData())

    def _on_pick(self) -> None:
        if self._filling:
            return
        source, target = self.chosen()
        if source is None and target is None:
            self.picked.emit(None, None)
            return
        # one side picked, the other automatic: the other is the first other text column
        others = [p.index for p in self._profiles if p.kind == "text"] + [
            p.index for p in self._profiles
        ]
        if source is None:
            source = next((i for i in others if i != target), None)
        if target is None:
            target = next((i for i in others if i != source), None)
        if source is not None and target is not None:
            self.picked.emit(source, target)


def _column(value: object) -> int | None:
    """A combo entry's column number; None for "Automatic"."""
    return None if value is None or value == AUTOMATIC else int(str(value))
