"""The samples panel: the latest groups of sampled answers with their rewards and advantages.

Each group shows its prompt (and reference, if any) and the G samples sorted by
advantage: green rows are pushed up by the update (positive advantage), red rows pushed
down, the colour's strength follows |advantage| on one scale for every group (full at
|A| = FULL_ADVANTAGE), so a group whose advantages are all near zero reads as pale: GRPO
learns little from it. A group whose rewards are all equal has zero advantages
everywhere: GRPO learns nothing from it, and the panel says so and colours none of it.
What a sample is called follows the task (an answer, a translation, an episode's moves);
a translation of a sentence without a reference shows its way back under it (the round
trip that scored it).
Each group links to the Explain tab, which walks through that group's step number by
number (`explain_requested`). Variants trained side by side are one run each: this tab,
the Explain tab and the log follow the first, and say so (`variant_note`).
"""

from __future__ import annotations

import html
from typing import Self

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import QTextBrowser

from studio.app.common.font_coverage import font_note
from studio.app.common.redraw_when_seen import RedrawWhenSeen
from studio.app.i18n.messages import prompt_shown
from studio.app.views.view import Tab, View, ViewContext, view_title
from studio.core.config.sections import StudioConfig
from studio.core.tasks import task_class

GREEN, RED = (0, 158, 115), (213, 94, 0)
# Group advantages are standardised: |A| of 1.5 is a clear push; below FAINT_ADVANTAGE the
# update hardly moves the sample, and the row is left uncoloured.
FULL_ADVANTAGE = 1.5
FAINT_ADVANTAGE = 0.05
EXPLAIN_LINK = "explain:"  # a group's link to its explanation: explain:<group index>


def _tr(text: str) -> str:
    return QCoreApplication.translate("SamplesPanel", text)


def variant_note(labels: list[str]) -> str:
    """Which variant of a side-by-side run a tab shows ("" for a single run)."""
    if len(labels) < 2:
        return ""
    return _tr(
        "Side by side: this shows variant {label} (the first of {n}); the charts and their "
        "table compare them all."
    ).format(label=labels[0], n=len(labels))


def advantage_colour(adv: float) -> str:
    """Background for an advantage: green (positive) or red (negative), stronger with |adv|."""
    if abs(adv) < FAINT_ADVANTAGE:
        return "transparent"
    r, g, b = GREEN if adv > 0 else RED
    alpha = 0.08 + 0.5 * min(1.0, abs(adv) / FULL_ADVANTAGE)
    return f"rgba({r},{g},{b},{alpha:.2f})"


def signed(x: float, digits: int = 3) -> str:
    """+0.125, −0.125 (a minus sign, not a hyphen); 0.000 for what rounds to zero, so a
    rounding error never shows as "-0.000"."""
    text = f"{x:+.{digits}f}"
    return text[1:] if float(text) == 0 else text.replace("-", "−")


def is_flat(group: dict) -> bool:
    """The group has no spread: the record says so (grpo.flat_groups), or, in a record
    from before it did, its rewards are all equal."""
    rewards = group.get("rewards", [])
    return bool(group.get("flat", bool(rewards) and max(rewards) == min(rewards)))


def _text(value: object, limit: int = 300) -> str:
    s = str(value)
    s = s if len(s) <= limit else s[: limit - 1] + "…"
    return html.escape(s) if s else "<i>(empty)</i>"


def way_back_html(back: str | None) -> str:
    """A translation's way back (the round trip), as a line under it; "" when it has none."""
    if back is None:
        return ""
    return f"<br><span style='color:#666'>{_tr('back:')} <code>{_text(back)}</code></span>"


def group_html(group: dict, noun: str = "completion", index: int | None = None) -> str:
    completions = group.get("completions", [])
    rewards, advs = group.get("rewards", []), group.get("advantages", [])
    backs = group.get("way_back") or [None] * len(completions)
    rows = sorted(zip(completions, rewards, advs, backs), key=lambda t: -t[2])
    flat = is_flat(group)
    prompt = prompt_shown(group.get("prompt", ""))  # a grid's level said in words
    head = f"<b>{_tr('Prompt:')}</b> <code>{_text(prompt)}</code>"
    if group.get("reference") is not None:
        head += f" &nbsp; <b>{_tr('Reference:')}</b> <code>{_text(group['reference'])}</code>"
    if flat:
        head += f" &nbsp; <i style='color:#888'>{_tr('all rewards equal: no learning signal')}</i>"
    if index is not None:
        head += f" &nbsp; <a href='{EXPLAIN_LINK}{index}'>{_tr('Explain this group')}</a>"
    body = "".join(
        f"<tr style='background:{'transparent' if flat else advantage_colour(a)}'>"
        f"<td><code>{_text(c)}</code>{way_back_html(b)}</td><td align=right>{r:.3f}</td>"
        f"<td align=right>{signed(0.0 if flat else a)}</td></tr>"
        for c, r, a, b in rows
    )
    return (
        f"<p style='margin:8px 0 2px 0'>{head}</p>"
        "<table width=100% cellspacing=0 cellpadding=3 style='border:1px solid #ddd'>"
        f"<tr style='background:#f0f0f0'><th align=left>{html.escape(noun)}</th>"
        f"<th align=right>{_tr('reward')}</th><th align=right>{_tr('advantage')}</th></tr>"
        f"{body}</table>"
    )


def sampled_text(samples: list[dict]) -> str:
    """The groups' prompts, references and samples, as one text."""
    parts = []
    for group in samples:
        parts += [group.get("prompt", ""), group.get("reference") or ""]
        parts += group.get("completions", [])
        parts += group.get("way_back") or []
    return "\n".join(map(str, parts))


def samples_html(samples: list[dict], step: int, noun: str = "completion") -> str:
    if not samples:
        return f"<p style='color:#888'>{_tr('Sampled groups appear here once GRPO starts.')}</p>"
    title = _tr("Step {step} — {groups} groups").format(step=step, groups=len(samples))
    return f"<p><b>{title}</b></p>" + "".join(group_html(g, noun, i) for i, g in enumerate(samples))


class SamplesPanel(View, RedrawWhenSeen, QTextBrowser):
    """Keeps the latest `samples` of a step record; a timer re-renders at most 4 times a second."""

    PLACE = Tab(view_title("Samples"))
    RECORDS = frozenset({"step"})

    explain_requested = Signal(int)  # a group's "Explain this group" link: its index

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        panel = cls()
        context.session.experiment_started.connect(panel.show_variants)
        return panel

    def __init__(self) -> None:
        super().__init__()
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._on_link)
        self.samples: list[dict] = []
        self.step = 0
        self.noun = _tr("completion")
        self.variant_note = ""  # which variant of a side-by-side run is shown
        self._dirty = True
        self.start_redraw_timer(250)
        self.refresh()

    def add_record(self, record: dict) -> None:
        if record.get("kind") == "step" and record.get("samples"):
            self.samples, self.step, self._dirty = record["samples"], record.get("step", 0), True

    def refresh(self) -> None:
        if self._dirty:
            self._dirty = False
            bar = self.verticalScrollBar().value()
            shown = samples_html(self.samples, self.step, self.noun)
            note = font_note(sampled_text(self.samples), self.font())  # boxes, said why
            if note:
                shown = f'<p style="color:#8A5A00">{html.escape(note)}</p>' + shown
            if self.variant_note:
                shown = f'<p style="color:#1F3A5F">{html.escape(self.variant_note)}</p>' + shown
            self.setHtml(shown)
            self.verticalScrollBar().setValue(bar)  # keep the reader's place

    def _on_link(self, url: QUrl) -> None:
        link = url.toString()
        if link.startswith(EXPLAIN_LINK) and link[len(EXPLAIN_LINK) :].isdigit():
            self.explain_requested.emit(int(link[len(EXPLAIN_LINK) :]))

    def show_config(self, cfg: StudioConfig) -> None:
        self.set_sample_noun(task_class(cfg.task.NAME).SAMPLE_NOUN)

    def set_sample_noun(self, noun: str) -> None:
        """What the task's samples are called in the table's header (`Task.SAMPLE_NOUN`)."""
        self.noun, self._dirty = QCoreApplication.translate("tasks", noun), True

    def show_variants(self, labels: list[str]) -> None:
        """Variants `labels` train side by side: the records here are the first's."""
        self.variant_note, self._dirty = variant_note(labels), True

    def clear_run(self) -> None:
        self.samples, self.step, self._dirty = [], 0, True
        self.variant_note = ""
