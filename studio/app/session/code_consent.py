"""Asking before a preset's own code runs: a preset or lesson that names the user's reward
function (task.user_reward) names Python code, and it may come from anyone. The window asks
once per file in a session (the answer is the engine's, studio.core.tasks.user_reward)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from studio.app.common import dialogs
from studio.core.config.fields import TaskSection


def code_may_run(parent: QWidget | None, task_cfg: TaskSection) -> bool:
    """True when the task names no user code, or its file is allowed (asking now if not
    yet); False after a refusal or a name that cannot be found, which is shown."""
    from studio.core.tasks.base import TaskError
    from studio.core.tasks.user_reward import UserCodeRefused, allow_user_code, check_user_code

    try:
        check_user_code(task_cfg)
    except UserCodeRefused as refused:
        if not dialogs.ask_to_run_code(parent, refused.file, refused.spec):
            return False
        allow_user_code(refused.file)
    except TaskError as err:  # a malformed name, or no such file here
        title = QCoreApplication.translate("consent", "Cannot run this preset's reward")
        dialogs.show_error(parent, title, str(err))
        return False
    return True


def spec_may_run(parent: QWidget | None, spec: str) -> bool:
    """The same question for one `module:function` (the reward lab's function check): True
    when its file is allowed (asking now if not yet); False after a refusal or a name that
    cannot be found, which is shown."""
    from studio.core.tasks.base import TaskError
    from studio.core.tasks.user_reward import allow_user_code, user_code_allowed, user_code_file

    try:
        if user_code_allowed(spec):
            return True
        file = user_code_file(spec)
    except TaskError as err:
        title = QCoreApplication.translate("consent", "Cannot run this reward function")
        dialogs.show_error(parent, title, str(err))
        return False
    if not dialogs.ask_to_run_code(parent, file, spec):
        return False
    allow_user_code(file)
    return True
