"""The Explain step tab: the panel (panel.py) and its page, written in two halves: the step's
numbers before the update (before_update.py) and what the update did (after_update.py)."""
