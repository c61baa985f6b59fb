"""Training a model: the loop (trainer.py) and the parts it runs in order.

trainer.py runs the stages; warmup_step.py and grpo_step.py are one optimizer step of
each stage, both working with update.py's Learner (built as each stage starts) and ending
in its optimizer_step; stages.py and schedule.py give each stage its optimizer, learning
rate and early stop (the eval history lives in state.py's Position); state.py is what a
checkpoint holds and how the random streams are seeded; control.py carries pause/stop
requests from other threads; records.py builds the records the loop streams;
evaluation.py measures held-out metrics. metrics.py declares every key those records
carry (metric_docs.py writes the declarations out for the README and for translators);
eta.py estimates the time a run has left.
"""
