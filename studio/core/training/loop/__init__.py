"""The training loop (trainer.py) and what steers it.

control.py carries pause and stop requests from other threads; preflight.py refuses a
setting that cannot work before the first step; averaging.py and divergence.py end a
stage well or stop a run that diverged; experiment.py trains an experiment's variants in
turns, a trainer each.
"""
