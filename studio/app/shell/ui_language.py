"""The window's language: which translation catalogue is loaded, and the menu that picks it.

The studio's own catalogue (`i18n/studio_<lang>.qm`, compiled from the `.ts` beside it)
and Qt's (`qtbase_<lang>.qm`: the Yes, No and Cancel of standard dialogs) are installed on
the application before any widget is built, since a widget translates its texts when it is
made. The language is the one chosen in View > Language (QSettings `ui/language`), or the
system locale's when none was chosen: Chinese for a Chinese locale, English otherwise.
A change applies at the next start: the window's texts are made once.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from studio.app.common import dialogs

I18N_DIR = Path(__file__).resolve().parents[1] / "i18n"  # studio/app/i18n
SETTING = "ui/language"
ENGLISH = "en"
CHINESE = "zh_CN"
# each language named in itself: a reader of either finds their own
LANGUAGES = {ENGLISH: "English", CHINESE: "中文"}

_installed: list[QTranslator] = []  # kept alive: Qt does not own installed translators


def catalogue_path(language: str) -> Path:
    """The compiled catalogue of `language` shipped in the package."""
    return I18N_DIR / f"studio_{language}.qm"


def system_language(locale: QLocale | None = None) -> str:
    """The studio's language for a locale: Chinese for any Chinese locale, else English."""
    locale = locale if locale is not None else QLocale.system()
    return CHINESE if locale.language() == QLocale.Language.Chinese else ENGLISH


def chosen_language(settings: QSettings) -> str:
    """The language picked in the menu, or the system's when none (or an unknown one) is."""
    value = str(settings.value(SETTING, "") or "")
    return value if value in LANGUAGES else system_language()


def install(language: str) -> bool:
    """Load `language`'s catalogues into the application (English needs none); False when
    the studio's catalogue is missing, and the window stays English."""
    remove()
    if language == ENGLISH:
        return True
    studio = QTranslator()
    if not studio.load(str(catalogue_path(language))):
        return False
    qt = QTranslator()
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        _installed.append(qt)
    _installed.append(studio)  # installed last: asked first
    for translator in _installed:
        QCoreApplication.installTranslator(translator)
    return True


def remove() -> None:
    """Take every catalogue installed here out of the application."""
    while _installed:
        QCoreApplication.removeTranslator(_installed.pop())


def tr(text: str) -> str:
    return QCoreApplication.translate("Language", text)


def said_in(language: str, text: str) -> str:
    """`text` (context "Language") in `language`, from its catalogue; as it is when that
    is English or the catalogue is missing."""
    if language == ENGLISH:
        return text
    translator = QTranslator()
    if not translator.load(str(catalogue_path(language))):
        return text
    return translator.translate("Language", text) or text


NOTICE = "The window will be in {language} when the studio starts again."


def language_menu(parent: QWidget, settings: QSettings) -> QMenu:
    """Language > English / 中文: the choice is remembered and applies at the next start."""
    menu = QMenu(tr("Language"), parent)
    group = QActionGroup(menu)
    current = chosen_language(settings)
    for code, name in LANGUAGES.items():
        action = QAction(name, menu)
        action.setCheckable(True)
        action.setChecked(code == current)
        action.setData(code)
        group.addAction(action)
        menu.addAction(action)

    def chosen(action: QAction) -> None:
        settings.setValue(SETTING, action.data())
        settings.sync()
        # said in the window's language and in the one chosen: its reader may read only that
        now = tr("The window will be in {language} when the studio starts again.")
        then = said_in(str(action.data()), NOTICE)
        lines = [now] if then == now else [now, then]
        dialogs.show_info(
            parent,
            tr("Language"),
            "\n".join(line.format(language=action.text()) for line in lines),
        )

    group.triggered.connect(chosen)
    return menu
