"""The base class of a mixin that is only ever mixed into a QWidget subclass.

At run time it is `object`: a mixin listed before a Qt class (`class SamplesPanel(
RedrawWhenSeen, QTextBrowser)`) must not bring a second Qt base. For the type checker it
is QWidget, so that the mixin's methods may call the widget's (`self.isVisible()`,
`super().showEvent(event)`) and a list of views can be laid out as widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    WidgetMixin = QWidget
else:
    WidgetMixin = object
