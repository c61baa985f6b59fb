"""The Reward lab tab: build a reward from checks and try it on a group of completions
before training, numbers worded as the Explain tab words them.

Left, the checks of the settings' task.rewards (for "Your own text"): add one by picking
its kind, set its weight and options, remove one (a check's row: reward_check_row.py).
The kinds, their options, labels and help all come from the registry,
studio.core.tasks.reward_kinds.KINDS: a kind added there shows here with no change to the
window. Every valid edit is written back into the
settings (task.rewards, as data, so "Save as preset" writes it to YAML), and task.rewards
typed by hand in the Settings form shows here at once (the window hands each hand edit to
every view: settings_edited).
Right, a prompt (typed, or one of the data's), its acceptable answers and the candidate
completions, one per line; under them each check's score, the totals, the group's mean
and spread and each advantage, computed at once by studio.core.training.tools.reward_lab with
the trainer's own functions. No model runs here.

The user's own function (a "function" check) runs only after the window's consent
(session/code_consent.py); until then the lab shows it as not run.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import background
from studio.app.i18n.messages import translate_message
from studio.app.session import code_consent
from studio.app.views.explain.before_update import advantages_part, rewards_part, spread_part
from studio.app.views.reward_check_row import ANSWER_SEP, CheckRow, kind_words, tr
from studio.app.views.view import Tab, View, ViewContext, view_title
from studio.core.tasks.reward_checks import CheckError, parse_checks
from studio.core.tasks.reward_kinds import KINDS
from studio.core.training.tools.reward_lab import LabGroup, may_run, try_group

if TYPE_CHECKING:
    from studio.app.session.run_session import RunSession
    from studio.core.config.sections import StudioConfig

MAX_PROMPTS = 500  # prompts of the data offered in the picker
DEFAULT_CHECKS: list[dict[str, Any]] = [{"kind": "exact", "weight": 1.0, "options": {}}]


class RewardLab(View, QWidget):
    """Try a reward on a group of completions: scores, totals, mean, spread, advantages."""

    PLACE = Tab(view_title("Reward lab"))

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        return cls(context.session)

    def __init__(self, session: RunSession | None = None) -> None:
        super().__init__()
        self.session = session
        self.cfg: StudioConfig | None = None
        self.stores = False  # the settings' task has task.rewards to write back to
        self.rows: list[CheckRow] = []
        self.group: LabGroup | None = None
        self._scoring = 0  # counts the edits scored: a late result of an older one is dropped
        self.error = ""
        self._answers_of: dict[str, tuple[str, ...]] = {}  # the data's prompts
        self._loading = False
        self._loads = 0  # counts the data shown: a late read of earlier data is dropped
        self._sampling = False
        self.run_dir: str | None = None
        self.sample_note = ""  # what the last sampling said (an error, or what it drew)
        self.model_texts: list[str] = []  # the completions the run's model last wrote here

        right = QSplitter(Qt.Orientation.Vertical)  # a small window drags room to the numbers
        right.addWidget(self._group_box())
        right.addWidget(self._numbers())
        right.setStretchFactor(1, 1)
        right.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._checks_box())
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        split.setSizes([400, 600])
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(split)
        self.set_checks(DEFAULT_CHECKS, stores=False)

    def _checks_box(self) -> QGroupBox:
        """Left: where the checks come from, the kind picker, the checks, their error."""
        box = QGroupBox(tr("Reward checks"))
        layout = QVBoxLayout(box)
        self.where = QLabel()
        self.where.setWordWrap(True)
        layout.addWidget(self.where)
        add_row = QHBoxLayout()
        self.kind_pick = QComboBox()
        for name, kind in KINDS.items():
            self.kind_pick.addItem(kind_words(kind.label), name)
            self.kind_pick.setItemData(
                self.kind_pick.count() - 1,
                kind_words(kind.description),
                Qt.ItemDataRole.ToolTipRole,
            )
        self.kind_pick.setToolTip(tr("The kind of check to add"))
        self.add_button = QPushButton(tr("Add check"))
        self.add_button.clicked.connect(self.add_picked)
        add_row.addWidget(self.kind_pick, 1)
        add_row.addWidget(self.add_button)
        layout.addLayout(add_row)
        self.rows_host = QWidget()
        self.rows_layout = QVBoxLayout(self.rows_host)
        self.rows_layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.rows_host)
        layout.addWidget(scroll, 1)
        self.check_error = QLabel()
        self.check_error.setWordWrap(True)
        self.check_error.setStyleSheet("color:#b3441e")
        layout.addWidget(self.check_error)
        return box

    def _group_box(self) -> QGroupBox:
        """Right, above: the prompt, its answers, the completions, the Sample button."""
        box = QGroupBox(tr("A group to try"))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        prompt_row = QHBoxLayout()
        self.prompt = QComboBox()
        self.prompt.setEditable(True)
        self.prompt.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.prompt.setToolTip(tr("Type a prompt, or pick one of the data's"))
        self.prompt.currentTextChanged.connect(self._prompt_changed)
        self.from_data = QPushButton(tr("From the data"))
        self.from_data.setToolTip(tr("Offer the prompts of the data the settings name"))
        self.from_data.clicked.connect(self.load_prompts)
        prompt_row.addWidget(self.prompt, 1)
        prompt_row.addWidget(self.from_data)
        form.addRow(tr("Prompt"), prompt_row)
        self.answers = QLineEdit()
        self.answers.setPlaceholderText(tr("acceptable answers, separated by |; empty: none"))
        self.answers.textChanged.connect(self.recompute)
        form.addRow(tr("Answers"), self.answers)
        self.completions = QPlainTextEdit()
        self.completions.setPlaceholderText(tr("one completion per line"))
        self.completions.setTabChangesFocus(True)
        self.completions.setMinimumHeight(60)
        self.completions.setMaximumHeight(88)  # five lines, then it scrolls: room for the numbers
        self.completions.textChanged.connect(self.recompute)
        form.addRow(tr("Completions"), self.completions)
        self.sample_button = QPushButton(tr("Sample a group from the run's model"))
        self.sample_button.setToolTip(
            tr(
                "The run's latest checkpoint writes a group for the prompt, as GRPO samples "
                "(grpo.num_generations at grpo.temperature); it replaces the completions"
            )
        )
        self.sample_button.clicked.connect(self.sample_group)
        self.sample_button.setEnabled(False)  # until a run is in use
        form.addRow(self.sample_button)
        return box

    def _numbers(self) -> QWidget:
        """Right, below: the warnings, the wording's box and the numbers."""
        self.terms = QCheckBox(tr("Engineer's terms"))
        self.terms.setToolTip(tr("Word the numbers as papers and code do (mean, std, A)"))
        self.terms.toggled.connect(self.redraw)
        self.warnings = QLabel()
        self.warnings.setWordWrap(True)
        self.warnings.setStyleSheet("color:#b3441e; font-weight:bold")
        self.results = QTextBrowser()
        self.results.setOpenLinks(False)
        numbers = QWidget()
        layout = QVBoxLayout(numbers)
        layout.setContentsMargins(0, 0, 0, 0)
        # the wording's box beside the warnings: a small window keeps its height for numbers
        top = QHBoxLayout()
        top.addWidget(self.warnings, 1)
        top.addWidget(self.terms, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        layout.addWidget(self.results, 1)
        return numbers

    # ---- the settings

    def show_config(self, cfg: StudioConfig) -> None:
        self.cfg = cfg
        rewards = getattr(cfg.task, "rewards", None)
        if isinstance(rewards, list) and rewards:
            self.set_checks(rewards, stores=True)
        else:
            self.set_checks(DEFAULT_CHECKS, stores=False)
        self._forget_prompts()
        self.from_data.setEnabled(hasattr(cfg.task, "rewards"))

    def show_plan(self, cfg: StudioConfig) -> None:
        """The settings Start trains by: "From the data" offers the prompts of the data
        they name (the file the Data tab checked, not the preset's demo) and the numbers
        use their grpo settings; the checks shown stay as they are."""
        data_changed = self.cfg is None or repr(self.cfg.data) != repr(cfg.data)
        self.cfg = cfg
        if data_changed:
            self._forget_prompts()

    def _forget_prompts(self) -> None:
        """The prompts offered were another data's: dropped (what is typed stays)."""
        self._answers_of = {}
        self._loads += 1  # a load of the earlier data still under way is dropped
        self._loading = False
        typed = self.prompt.currentText()
        self.prompt.blockSignals(True)
        self.prompt.clear()
        self.prompt.setCurrentText(typed)
        self.prompt.blockSignals(False)
        self.from_data.setEnabled(self.cfg is not None and hasattr(self.cfg.task, "rewards"))
        path = getattr(self.cfg.data, "path", None) if self.cfg is not None else None
        self.from_data.setToolTip(
            tr("Offer the prompts of {data}").format(
                data=Path(path).name if path else tr("the built-in demo data")
            )
        )

    def settings_edited(self, value_of: Callable[[str], Any]) -> None:
        """task.rewards typed in the Settings form: shown when it reads as checks and
        differs from the lab's (an edit of the lab's own, written there, comes back equal
        and is left)."""
        if not self.stores:
            return
        raw = value_of("task.rewards")
        if not isinstance(raw, list):
            return  # half typed: the form names the problem
        try:
            given = [c.to_dict() for c in parse_checks(raw)]
        except CheckError:
            return
        try:
            ours = [c.to_dict() for c in parse_checks(self.raw_checks())]
        except CheckError:
            ours = None
        if given and given != ours:
            self.set_checks(given, stores=True)

    def show_run(self, run_dir: str, cfg: StudioConfig | None) -> None:
        del cfg
        self.run_dir = run_dir
        self.sample_button.setEnabled(not self._sampling)

    def clear_run(self) -> None:
        self.run_dir = None
        self.sample_button.setEnabled(False)

    def set_checks(self, raw: list[dict[str, Any]], *, stores: bool) -> None:
        """Show these checks (a preset's task.rewards); `stores`: edits go back into it."""
        for row in self.rows:
            row.setParent(None)
            row.deleteLater()
        self.rows = []
        self.stores = False  # no write-back while rebuilding
        for item in raw:
            self._add_row(dict(item))
        self.stores = stores
        if stores:
            self.where.setText(tr("The reward of the settings (task.rewards): edits go into them."))
        else:
            # the preset by its shown name, never the task's internal one ("arithmetic")
            name = self.cfg.name if self.cfg is not None else ""
            self.where.setText(
                tr(
                    'The preset "{preset}" has its reward built in: these checks are for '
                    'trying only. Pick the preset "Your own text" to train with them.'
                ).format(preset=QCoreApplication.translate("presets", name))
            )
        self.recompute()

    def _add_row(self, raw: dict[str, Any]) -> CheckRow:
        row = CheckRow(raw)
        row.edited.connect(self._edited)
        row.removed.connect(self.remove_row)
        row.allow_requested.connect(self.allow_function)
        self.rows_layout.insertWidget(self.rows_layout.count() - 1, row)
        self.rows.append(row)
        return row

    def add_picked(self) -> CheckRow:
        """Add a check of the kind picked; its required options start empty (the lab says
        which to fill)."""
        kind = str(self.kind_pick.currentData())
        row = self._add_row({"kind": kind, "weight": 1.0, "options": {}})
        self._edited()
        return row

    def remove_row(self, row: CheckRow) -> None:
        if row in self.rows:
            self.rows.remove(row)
            row.setParent(None)
            row.deleteLater()
            self._edited()

    def raw_checks(self) -> list[dict[str, Any]]:
        return [row.raw() for row in self.rows]

    def _edited(self) -> None:
        self.recompute()
        if self.stores and not self.error and self.session is not None:
            checks = parse_checks(self.raw_checks())
            self.session.setting_edited.emit("task.rewards", [c.to_dict() for c in checks])

    def allow_function(self, spec: str) -> None:
        if code_consent.spec_may_run(self, spec):
            self.recompute()

    # ---- the group

    def load_prompts(self) -> None:
        """Read the data's prompts off the GUI thread (a big file takes a moment)."""
        if self.cfg is None or self._loading:
            return
        cfg, loads = self.cfg, self._loads
        self._loading = True
        self.from_data.setEnabled(False)
        background.run_in_background(
            lambda: _data_prompts(cfg),
            lambda items: self._prompts_loaded(items, loads),
            lambda message, _details: self._prompts_failed(message, loads),
        )

    def _prompts_loaded(self, items: list[tuple[str, tuple[str, ...]]], loads: int) -> None:
        if loads != self._loads:  # the data changed while it was read
            return
        self._loading = False
        self.from_data.setEnabled(True)
        self._answers_of = dict(items)
        path = getattr(self.cfg.data, "path", None) if self.cfg is not None else None
        self.sample_note = tr("{count} prompts offered from {data}.").format(
            count=len(items), data=Path(path).name if path else tr("the built-in demo data")
        )
        typed = self.prompt.currentText()
        self.prompt.blockSignals(True)
        self.prompt.clear()
        self.prompt.addItems([p for p, _ in items])
        self.prompt.blockSignals(False)
        self.prompt.setCurrentText(typed)
        if not typed and items:
            self.prompt.setCurrentIndex(0)
            self._prompt_changed(items[0][0])
        else:
            self.redraw()

    def _prompts_failed(self, message: str, loads: int) -> None:
        if loads != self._loads:
            return
        self._loading = False
        self.from_data.setEnabled(True)
        self.sample_note = tr("Could not read the data: {message}").format(
            message=translate_message(message)
        )
        self.redraw()

    def sample_group(self) -> None:
        """Ask the run's model for a group of completions of the prompt, off the GUI thread
        (loading a checkpoint and sampling take seconds)."""
        run_dir, prompt = self.run_dir, self.prompt.currentText()
        if run_dir is None or self._sampling:
            return
        if not prompt:
            self.sample_note = tr("Type or pick a prompt first.")
            self.redraw()
            return
        self._sampling = True
        self.sample_button.setEnabled(False)
        self.sample_note = tr("Sampling a group from the run's model…")
        self.redraw()
        background.run_in_background(
            lambda: _sample(run_dir, prompt), self._sampled, self._sample_failed
        )

    def _sampled(self, texts: list[str]) -> None:
        self._sampling = False
        self.sample_button.setEnabled(self.run_dir is not None)
        self.sample_note = tr("{count} completions sampled from the run's model.").format(
            count=len(texts)
        )
        self.model_texts = [t for t in texts if t.strip()]  # the model's until edited
        self.completions.setPlainText("\n".join(texts))  # recomputes at once

    def _sample_failed(self, message: str, details: str) -> None:
        del details
        self._sampling = False
        self.sample_button.setEnabled(self.run_dir is not None)
        self.sample_note = tr("Could not sample from the run's model: {message}").format(
            message=message
        )
        self.redraw()

    def _prompt_changed(self, text: str) -> None:
        answers = self._answers_of.get(text)
        if answers is not None:
            self.answers.setText(f" {ANSWER_SEP} ".join(answers))
        self.recompute()

    def completion_texts(self) -> list[str]:
        return [line for line in self.completions.toPlainText().split("\n") if line.strip()]

    def answer_texts(self) -> list[str]:
        return [a.strip() for a in self.answers.text().split(ANSWER_SEP) if a.strip()]

    def recompute(self) -> None:
        """Score the group again: a check, a weight, the answers or a completion changed."""
        self.error, self.group = "", None
        try:
            checks = parse_checks(self.raw_checks())
        except CheckError as err:
            self.error = str(err)
            checks = []
        self.check_error.setText(translate_message(self.error))
        texts = self.completion_texts()
        self._scoring += 1  # a result scored for an earlier edit is dropped when it comes
        if checks and texts:
            grpo = self.cfg.grpo if self.cfg is not None else None
            job = partial(
                try_group,
                checks,
                self.prompt.currentText(),
                self.answer_texts(),
                texts,
                scale=grpo.scale_rewards if grpo is not None else "group",
                eps=grpo.advantage_eps if grpo is not None else 1e-4,
                reward_weights=grpo.reward_weights if grpo is not None else None,
            )
            if any(c.kind == "function" and may_run(c) for c in checks):
                # the user's function may take any time: on the pool, never on this thread
                scoring = self._scoring
                background.run_in_background(
                    job,
                    lambda group: self._scored(scoring, checks, group),
                    lambda message, _details: self._scored(scoring, checks, None, message),
                )
                self._show(checks)
                return
            self.group = job()
        self._show(checks)

    def _scored(self, scoring: int, checks: list, group: LabGroup | None, error: str = "") -> None:
        """A group scored on the pool: shown unless the lab was edited since."""
        if scoring != self._scoring:
            return
        self.group = group
        if error:
            self.check_error.setText(translate_message(error))
        self._show(checks)

    def _show(self, checks: list) -> None:
        for row in self.rows:
            name = self._name_of(row, checks)
            errors = self.group.errors if self.group is not None else {}
            not_run = self.group is not None and name in self.group.not_run
            row.set_not_run(not_run or self.group is None, errors.get(name or ""))
        self.redraw()

    def _name_of(self, row: CheckRow, checks: list) -> str | None:
        i = self.rows.index(row)
        return checks[i].name if i < len(checks) else None

    def warning_lines(self) -> list[str]:
        g = self.group
        if g is None:
            return []
        out = []
        if g.flat:
            out.append(
                tr(
                    "Every completion scores the same ({reward}): GRPO gets no signal from this "
                    "group, every advantage is 0."
                ).format(reward=f"{g.rewards[0]:.4f}")
            )
        for name in g.always_zero:
            out.append(
                tr("The check {name} is 0 for every completion: it cannot tell them apart.").format(
                    name=name
                )
            )
        for name, score in g.always_same.items():
            out.append(
                tr(
                    "The check {name} gives {score} to every completion: it adds the same to "
                    "every reward, so it moves no advantage and GRPO learns nothing from it."
                ).format(name=name, score=f"{score:g}")
            )
        for name in g.not_run:
            out.append(
                tr(
                    "The check {name} is your own code and has not run: the totals leave it out "
                    "until you allow it."
                ).format(name=name)
            )
        return out

    def redraw(self) -> None:
        lines = self.warning_lines()
        shown = [html.escape(w, quote=False) for w in lines]
        if self.sample_note:
            shown.insert(0, f"<span style='color:palette(text); font-weight:normal'>"
                         f"{html.escape(self.sample_note, quote=False)}</span>")  # fmt: skip
        self.warnings.setText("<br>".join(shown))
        self.warnings.setVisible(bool(shown))
        if self.group is None:
            hint = (
                tr("Fix the check above to see the numbers.")
                if self.error
                else tr("Type candidate completions, one per line, to see how GRPO scores them.")
            )
            self.results.setHtml(f"<p>{html.escape(hint)}</p>")
            return
        answers = self.answer_texts()
        entry = self.group.explain(self.prompt.currentText(), answers[0] if answers else None)
        entry["completions"] = self.completion_texts()
        plain = not self.terms.isChecked()
        noun = tr("completions")
        scroll = self.results.verticalScrollBar().value()
        typed = entry["completions"] != self.model_texts  # typed, or the model's edited
        lead = (
            tr("Your completions, scored as a GRPO step scores the model's samples:")
            if typed
            else tr("The run's model's completions, scored as a GRPO step scores them:")
        )
        parts = (rewards_part(entry, noun, plain, typed), spread_part(entry, plain))
        self.results.setHtml(
            f"<p><i>{html.escape(lead)}</i></p>" + "".join(parts) + advantages_part(entry, plain)
        )
        self.results.verticalScrollBar().setValue(scroll)


def _sample(run_dir: str, prompt: str) -> list[str]:
    """A group of completions of `prompt` from the run's latest checkpoint, drawn as its
    rollouts draw them: grpo.num_generations at grpo.temperature (the core's `complete`,
    behind `grpo-studio generate` too). Runs on a pool thread."""
    from pathlib import Path

    from studio.core.serving.completion import CompletionSettings, complete, ended
    from studio.core.serving.engines import TorchEngine

    engine = TorchEngine(Path(run_dir))
    text = ended(engine.task, prompt)  # own text: every prompt ends with its mark
    grpo = engine.cfg.grpo
    settings = CompletionSettings(samples=grpo.num_generations, temperature=grpo.temperature)
    (texts,) = complete(engine, [text], settings)
    return texts


def _data_prompts(cfg: StudioConfig) -> list[tuple[str, tuple[str, ...]]]:
    """Up to MAX_PROMPTS prompts and their answers from the settings' data (own text: the
    file, or the built-in demo without one). Runs on a pool thread."""
    path = getattr(cfg.data, "path", None)
    if path:
        from studio.core.data.prompt_files import read_prompts

        loaded = read_prompts(
            path,
            max_prompt_chars=getattr(cfg.task, "max_prompt_chars", None),
            max_answer_chars=getattr(cfg.task, "max_answer_chars", None),
        )
        return [(it.prompt, tuple(it.answers)) for it in loaded.items[:MAX_PROMPTS]]
    from studio.core.data.demo_dates import demo_dates

    return [(p, (a,)) for p, a in demo_dates(min(MAX_PROMPTS, 200))]
