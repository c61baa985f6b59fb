"""Emptying a layout whose widgets are about to be built again (a form for a new config,
a strip of stage boxes)."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout


def clear_layout(layout: QLayout) -> None:
    """Take every item out of `layout` and delete its widgets.

    Each widget is hidden at once: deleteLater waits for the event loop, and until then the
    old widgets, out of the layout, were painted over the new ones.
    """
    while layout.count():
        item = layout.takeAt(0)
        old = item.widget() if item is not None else None
        if old is not None:
            old.hide()
            old.deleteLater()
