"""The Help menu's pages: a short guide to GRPO, and what each chart means (from the metric
catalogue).

The page lists the Charts tab's charts in their order, each with the metrics it draws:
what the metric is, what healthy looks like, what a problem looks like (the same words as
the README's table and the charts' own help, all from studio.core.training.reporting.metrics and
shown through its translation context).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from studio.app.views.charts.words import key_html, named_label, translated
from studio.core.training.reporting import metrics


def _t(text: str) -> str:
    return html.escape(QCoreApplication.translate(metrics.CONTEXT, text)) if text else ""


def chart_guide_html() -> str:
    """Every chart and its metrics, as one HTML page."""
    tr = QCoreApplication.translate
    parts = [
        f"<h2>{tr('HelpPages', 'What each chart means')}</h2>",
        f"<p>{tr('HelpPages', 'A GRPO loss near 0 is normal: advantages average to 0. Watch the reward, the share of groups with equal rewards, and the held-out metric.')}</p>",  # noqa: E501
    ]
    for chart in metrics.CHARTS:
        shown = metrics.chart_metrics(chart.id)
        if not shown:
            continue
        parts.append(f"<h3>{_t(chart.title)}</h3><table cellpadding=4 width=100%>")
        for m in shown:
            unit = f" ({_t(m.unit)})" if m.unit else ""
            parts.append(
                f"<tr><td valign=top width=22%><b>{named_label(translated(m.label))}</b>{unit}"
                f"<br><code style='color:#666'>{key_html(m.key)}</code></td>"
                f"<td valign=top>{_t(m.meaning)}<br>"
                f"<span style='color:#0a6'>{tr('HelpPages', 'Healthy:')}</span> "
                f"{_t(m.healthy)}<br>"
                f"<span style='color:#c00'>{tr('HelpPages', 'A problem:')}</span> "
                f"{_t(m.problem)}"
                "</td></tr>"
            )
        parts.append("</table>")
    return "".join(parts)


def grpo_guide_html() -> str:
    """A short guide to what the window shows while GRPO trains, for a class."""
    tr = QCoreApplication.translate
    sections = [
        (
            tr("HelpPages", "What a step does"),
            tr(
                "HelpPages",
                "Each GRPO step takes a few prompts (a sum to do, a sentence to translate, a "
                "grid to solve) and lets the model answer each one several times. Every answer "
                "gets a reward: 1 for a right sum, a chrF score for a translation, the "
                "episode's return in the grid world. The model is then nudged towards the "
                "answers that scored better than the others, and away from the rest.",
            ),
        ),
        (
            tr("HelpPages", "What a group is"),
            tr(
                "HelpPages",
                "The answers to one prompt form a group (G answers; the Group size setting). "
                "An answer's advantage is its reward minus the group's mean, divided by the "
                "group's spread: (r - mean) / (std + eps). It says how much better than its "
                "siblings the answer was, so a hard prompt and an easy one teach equally. The "
                "Samples tab shows the groups: green answers are pushed up, red ones down.",
            ),
        ),
        (
            tr("HelpPages", "When a group teaches nothing"),
            tr(
                "HelpPages",
                "If every answer in a group gets the same reward (all right, or all wrong), "
                "every advantage is 0 and the group changes nothing. The chart 'Groups with "
                "equal rewards' shows their share: near 100% means the task is too hard or too "
                "easy for the model as it is now.",
            ),
        ),
        (
            tr("HelpPages", "Why a warm-up first"),
            tr(
                "HelpPages",
                "A model that starts from random weights almost never gets a reward, so every "
                "group is all zeros and GRPO learns nothing. The supervised warm-up first "
                "shows the model the right answers (teacher forcing) until it gets some of "
                "them; then GRPO improves it from its own attempts. The stage strip above the "
                "charts shows which stage runs and when each ends.",
            ),
        ),
        (
            tr("HelpPages", "KL to a reference, and clipping"),
            tr(
                "HelpPages",
                "Two brakes keep each update small. The KL term (weight beta) charges the "
                "model for drifting from a frozen copy of itself taken when GRPO started, the "
                "reference. Clipping stops one update from changing an answer's probability by "
                "more than a set ratio (1 ± epsilon); the 'Clipped tokens' chart shows how "
                "often it binds. Without brakes a model can chase the reward and forget what "
                "it knew.",
            ),
        ),
        (
            tr("HelpPages", "Why the loss is near zero"),
            tr(
                "HelpPages",
                "Advantages in a group add up to zero, so the GRPO loss averages near zero "
                "whether the model learns or not. Watch the reward, the held-out metric and "
                "the equal-reward groups instead; Help > What each chart means explains "
                "every chart.",
            ),
        ),
    ]
    parts = [f"<h2>{tr('HelpPages', 'GRPO in the studio, in short')}</h2>"]
    parts += [f"<h3>{html.escape(t)}</h3><p>{html.escape(body)}</p>" for t, body in sections]
    return "".join(parts)


class HelpPage(QDialog):
    """A help page in its own window (not modal: the charts stay in reach beside it)."""

    def __init__(self, title: str, page_html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(760, 600)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setHtml(page_html)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(close)
