"""The views of the window, one line each: the window builds them in this order (the tabs
keep it), hands each the records it asked for, and calls their hooks (view.py). A view
added later is its module and one line here."""

from __future__ import annotations

from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.policy.view import PolicyView
from studio.app.views.reward_lab import RewardLab
from studio.app.views.samples import SamplesPanel
from studio.app.views.stage_strip import StageStrip
from studio.app.views.view import View

VIEWS: tuple[type[View], ...] = (
    StageStrip,  # above the tabs: warm-up -> GRPO, where the run is
    ChartPanel,  # tab: the live charts
    PolicyView,  # tab: the policy on a fixed probe, scrubbed back in time
    GradFlowWidget,  # tab: gradient flow per layer
    SamplesPanel,  # tab: the latest groups with rewards and advantages
    ExplainPanel,  # tab: one group of the last GRPO step, number by number (after Samples)
    RewardLab,  # tab: a reward's checks tried on a group of completions, before training
    PlaygroundTab,  # tab: the run's model answering in PyTorch and ONNX
    LogPanel,  # the dock under the tabs: the trainer's log
)
