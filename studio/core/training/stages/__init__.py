"""What a stage of training is made of, between its steps.

plan.py says which stages a run takes, what each starts with (its optimizer, its learning
rate grown with the batch) and when one ends early; schedule.py is its learning-rate
schedule; state.py is what a checkpoint holds (where the run is, every random stream);
evaluation.py and probe.py measure the held-out metrics and record the policy's snapshots,
without disturbing training's random streams.
"""
