"""What a view is: a part of the window that shows a run, declaring where it goes and which
records it wants, as Spyder's plugins declare where they dock.

A view is a QWidget subclass with `View` mixed in first (as RedrawWhenSeen is), and two
class attributes:

- `PLACE`: where the window puts it: a centre tab with its title (`Tab`), a strip above
  the tabs (`ABOVE_TABS`), or a dock of its own under them (`BottomDock`);
- `RECORDS`: the kinds of record (`record["kind"]`: step, eval, stage, checkpoint, log,
  probe, done) the window hands to its `add_record`; other records never reach it.

Titles are English, written as `view_title("Charts")`, which marks them for translation
under the window's context: the window translates them when it builds its tabs and docks.

The window builds every view listed in registry.py through `build(context)`, then calls
the hooks below on each: all but `add_record` are no-ops unless the view overrides them.
A view that needs the run session, the worker's controller or another view takes it from
the `ViewContext` in `build`, never from the window's attributes.

Records reach the views on the GUI thread, queued from the training thread: `add_record`
only appends to the view's buffers; a timer draws (RedrawWhenSeen, the charts' pacing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from PySide6.QtCore import QT_TRANSLATE_NOOP

from studio.app.common.widget_mixin import WidgetMixin

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from studio.app.session.run_session import RunSession
    from studio.app.session.worker import RunController
    from studio.core.config.sections import StudioConfig

CONTEXT = "MainWindow"  # the translation context of the titles: the window names its parts


def view_title(text: str) -> str:
    """`text`, marked for translation under the window's context (CONTEXT); the window
    translates it when it builds. (PySide6's stub types QT_TRANSLATE_NOOP's result as
    object; it is the text.)"""
    return str(QT_TRANSLATE_NOOP("MainWindow", text))


@dataclass(frozen=True)
class Tab:
    """A tab in the centre; tabs come in the order of the views list."""

    title: str  # view_title("...")


@dataclass(frozen=True)
class AboveTabs:
    """A strip above the tabs, seen whichever tab is chosen (the stage strip)."""


@dataclass(frozen=True)
class BottomDock:
    """A dock of its own under the centre, which the View menu hides and shows."""

    key: str  # the dock's objectName is "dock-<key>": saved layouts know it by that name
    title: str  # view_title("..."): the dock's title bar
    menu_text: str  # view_title("..."): its entry in the View menu


ABOVE_TABS = AboveTabs()
Place = Tab | AboveTabs | BottomDock


class View(WidgetMixin):
    """Mixed into a QWidget subclass, listed first: `class SamplesPanel(View, QTextBrowser)`."""

    PLACE: ClassVar[Place]
    RECORDS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        """Build the view for the window. A view whose constructor takes the controller or
        another view overrides this and takes them from `context`. (Not `create`: QWidget
        has one.)"""
        del context
        return cls()

    def add_record(self, record: dict) -> None:
        """A record of one of the kinds in RECORDS, from the run in use (live, or read back
        from an opened run's metrics.jsonl), in order: append to a buffer, never draw here."""
        del record

    def clear_run(self) -> None:
        """Forget the run shown: a new run begins, another run is opened, or another preset
        replaces a run that has ended. (Not `clear`: Qt's text widgets have one.)"""

    def show_config(self, cfg: StudioConfig) -> None:
        """The records that follow belong to a run of `cfg`: a preset shown while nothing
        trains, a run started, a run opened or continued (its own config)."""
        del cfg

    def settings_edited(self, value_of: Callable[[str], Any]) -> None:
        """The Settings form was edited by hand; `value_of(path)` reads one field as typed
        (a half-typed value reads as the text so far)."""
        del value_of

    def show_run(self, run_dir: str, cfg: StudioConfig | None) -> None:
        """The run folder in use is now `run_dir` (a run started or opened), of config
        `cfg` (None: its config cannot be read)."""
        del run_dir, cfg

    def set_live(self, live: bool) -> None:
        """A run is training now (True), or is paused, stopping or over (False)."""
        del live

    def show_plan(self, cfg: StudioConfig) -> None:
        """The settings Start trains by (the Settings form's, fitted to the user's file
        while the Data tab's check of it stands), before a run starts and while a started
        run prepares; a view that shows a run on screen keeps it."""
        del cfg

    def set_compact(self, compact: bool) -> None:
        """The window is short (a projector's 700 pixels, True) or tall enough (False): a
        view that can take less height does."""
        del compact


V = TypeVar("V", bound=View)


class ViewContext:
    """What the window lends its views when it builds them: the run session (and through
    it the worker's controller), the views built so far, and a way to come to the front."""

    def __init__(self, session: RunSession, show: Callable[[QWidget], None]) -> None:
        self.session = session
        self._show = show
        self._views: dict[type[View], View] = {}

    @property
    def controller(self) -> RunController:
        return self.session.controller

    def add(self, view: View) -> None:
        self._views[type(view)] = view

    def view(self, cls: type[V]) -> V:
        """The window's view of class `cls`; a view that takes another comes after it in
        the views list."""
        view = self._views.get(cls)
        if not isinstance(view, cls):
            raise LookupError(f"no {cls.__name__} built yet: list it before the views that use it")
        return view

    def views(self) -> list[View]:
        """Every view, in the order of the views list."""
        return list(self._views.values())

    def show(self, view: QWidget) -> None:
        """Bring `view`'s tab to the front (a Samples link followed, an overlay opened)."""
        self._show(view)
