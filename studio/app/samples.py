"""The samples panel: the latest groups of sampled answers with their rewards and advantages.

Each group shows its prompt (and reference, if any) and the G completions sorted by
advantage: green rows are pushed up by the update (positive advantage), red rows pushed
down, the colour's strength follows |advantage|. A group whose rewards are all equal has
zero advantages everywhere: GRPO learns nothing from it, and the panel says so.
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser

from studio.app.redraw_when_seen import RedrawWhenSeen

GREEN, RED = (0, 158, 115), (213, 94, 0)


def advantage_colour(adv: float, scale: float) -> str:
    """Background for an advantage: green (positive) or red (negative), alpha by |adv|/scale."""
    if scale <= 0 or adv == 0:
        return "transparent"
    r, g, b = GREEN if adv > 0 else RED
    alpha = 0.12 + 0.5 * min(1.0, abs(adv) / scale)
    return f"rgba({r},{g},{b},{alpha:.2f})"


def _text(value: object, limit: int = 300) -> str:
    s = str(value)
    s = s if len(s) <= limit else s[: limit - 1] + "…"
    return html.escape(s) if s else "<i>(empty)</i>"


def group_html(group: dict) -> str:
    completions = group.get("completions", [])
    rewards, advs = group.get("rewards", []), group.get("advantages", [])
    rows = sorted(zip(completions, rewards, advs), key=lambda t: -t[2])
    scale = max((abs(a) for a in advs), default=0.0)
    head = f"<b>Prompt:</b> <code>{_text(group.get('prompt', ''))}</code>"
    if group.get("reference") is not None:
        head += f" &nbsp; <b>Reference:</b> <code>{_text(group['reference'])}</code>"
    if rewards and max(rewards) == min(rewards):
        head += " &nbsp; <i style='color:#888'>all rewards equal: no learning signal</i>"
    body = "".join(
        f"<tr style='background:{advantage_colour(a, scale)}'>"
        f"<td><code>{_text(c)}</code></td><td align=right>{r:.3f}</td>"
        f"<td align=right>{a:+.3f}</td></tr>"
        for c, r, a in rows
    )
    return (
        f"<p style='margin:8px 0 2px 0'>{head}</p>"
        "<table width=100% cellspacing=0 cellpadding=3 style='border:1px solid #ddd'>"
        "<tr style='background:#f0f0f0'><th align=left>completion</th><th align=right>reward</th>"
        f"<th align=right>advantage</th></tr>{body}</table>"
    )


def samples_html(samples: list[dict], step: int) -> str:
    if not samples:
        return "<p style='color:#888'>Sampled groups appear here once GRPO starts.</p>"
    return f"<p><b>Step {step}</b> — {len(samples)} groups</p>" + "".join(
        group_html(g) for g in samples
    )


class SamplesPanel(RedrawWhenSeen, QTextBrowser):
    """Keeps the latest `samples` of a step record; a timer re-renders at most 4 times a second."""

    def __init__(self) -> None:
        super().__init__()
        self.setOpenLinks(False)
        self.samples: list[dict] = []
        self.step = 0
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
            self.setHtml(samples_html(self.samples, self.step))
            self.verticalScrollBar().setValue(bar)  # keep the reader's place

    def clear_samples(self) -> None:
        self.samples, self.step, self._dirty = [], 0, True
