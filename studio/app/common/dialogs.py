"""Every modal dialog the studio opens, behind small functions tests can replace.

A modal dialog blocks a test; tests monkeypatch these (e.g. `dialogs.show_error`) and
check what would have been shown. Widgets call them as `dialogs.show_error(...)`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from studio.app.i18n.messages import translate_message


def show_error(parent: QWidget | None, title: str, message: str) -> None:
    """The one route errors take to the user: a clear message, never a traceback (the
    core's messages in the window's language)."""
    QMessageBox.critical(parent, title, translate_message(message))


def user_message(err: BaseException) -> str:
    """What an error's dialog says (a failed run, a failed background job): a ValueError's
    own message (written for users; the core's Message, its id kept for translate_message),
    else its type too."""
    text = str(err).strip()
    if isinstance(err, ValueError) and text:
        return str(err)  # str() of an error raised with a Message is the Message
    if isinstance(err, MemoryError):
        return QCoreApplication.translate(
            "dialogs",
            "Out of memory. Lower the batch size, group size or model size and start again.",
        )
    name = type(err).__name__
    if text:
        return f"{name}: {text}"
    return QCoreApplication.translate(
        "dialogs", "{name} (no message); see the log for details."
    ).format(name=name)


def ask_yes_no(parent: QWidget | None, title: str, question: str) -> bool:
    answer = QMessageBox.question(
        parent,
        title,
        question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


def ask_to_run_code(parent: QWidget | None, file: Path, spec: str) -> bool:
    """The consent a preset naming the user's reward function needs: it runs Python code
    with the studio's rights, and a preset or lesson can come from anyone. No by default."""

    def tr(text: str) -> str:
        return QCoreApplication.translate("dialogs", text)

    box = QMessageBox(
        QMessageBox.Icon.Warning,
        tr("Run Python code?"),
        tr("This preset runs Python code from {name}: run it?").format(name=file.name),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        parent,
    )
    box.setInformativeText(
        tr(
            "Its reward function {spec} is in {path}. The code runs with your rights: say yes "
            "only if you wrote that file or trust where it came from."
        ).format(spec=spec, path=file)
    )
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def choose(parent: QWidget | None, title: str, question: str, choices: list[str]) -> str | None:
    """Ask which of `choices` (button texts, the first the default); None when cancelled."""
    box = QMessageBox(
        QMessageBox.Icon.Question, title, question, QMessageBox.StandardButton.NoButton, parent
    )
    buttons = [box.addButton(text, QMessageBox.ButtonRole.AcceptRole) for text in choices]
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(buttons[0])
    box.exec()
    clicked = box.clickedButton()
    return choices[buttons.index(clicked)] if clicked in buttons else None


def show_info(parent: QWidget | None, title: str, message: str) -> None:
    QMessageBox.information(parent, title, message)


def show_files(parent: QWidget | None, title: str, message: str, folder: Path) -> None:
    """A result with files to look at: the message and an "Open folder" button (the
    system's file manager), without blocking the window."""
    box = QMessageBox(
        QMessageBox.Icon.Information, title, message, QMessageBox.StandardButton.Close, parent
    )
    opener = box.addButton(
        QCoreApplication.translate("dialogs", "Open folder"), QMessageBox.ButtonRole.ActionRole
    )
    opener.clicked.disconnect()  # keep the box open after opening the folder
    opener.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))
    box.open()


def open_file(parent: QWidget | None, title: str, filters: str = "", start: str = "") -> str:
    path, _ = QFileDialog.getOpenFileName(parent, title, start, filters)
    return path


def open_folder(parent: QWidget | None, title: str, start: str = "") -> str:
    return QFileDialog.getExistingDirectory(parent, title, start)


def save_file(parent: QWidget | None, title: str, suggested: str = "", filters: str = "") -> str:
    path, _ = QFileDialog.getSaveFileName(parent, title, suggested, filters)
    return path
