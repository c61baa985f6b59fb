"""The Help menu's pages: what each chart means, from the metric catalogue.

The page lists the Charts tab's charts in their order, each with the metrics it draws:
what the metric is, what healthy looks like, what a problem looks like (the same words as
the README's table and the charts' own help, all from studio.core.training.metrics and
shown through its translation context).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from studio.core.training import metrics


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
                f"<tr><td valign=top width=22%><b>{_t(m.label)}</b>{unit}<br>"
                f"<code style='color:#666'>{html.escape(m.key)}</code></td>"
                f"<td valign=top>{_t(m.meaning)}<br>"
                f"<span style='color:#0a6'>{tr('HelpPages', 'Healthy:')}</span> "
                f"{_t(m.healthy)}<br>"
                f"<span style='color:#c00'>{tr('HelpPages', 'A problem:')}</span> "
                f"{_t(m.problem)}"
                "</td></tr>"
            )
        parts.append("</table>")
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
        close = QDialogButtonBox(QDialogButtonBox.Close)
        close.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(close)
