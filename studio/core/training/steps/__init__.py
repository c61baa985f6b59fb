"""One optimizer step of each stage, as plain functions in the order they run.

warmup_step.py (supervised, with distillation.py's teacher) and grpo_step.py (rollout,
rewards, advantages, the clipped loss) both work with update.py's Learner, built as each
stage starts, and end in its optimizer_step. explain.py keeps what the Explain step tab
shows of a GRPO step; unsure_temperature.py chooses GRPO's sampling temperature at its
start; perplexity_curriculum.py orders examples by the model's own difficulty.
"""
