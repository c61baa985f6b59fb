"""Training a model: the loop and the parts it runs, one package each.

loop/       the loop (trainer.py) and what steers it: pause and stop (control.py), the
            checks before the first step, a stage's end, an experiment's variants in turns
stages/     what a stage is made of between its steps: its plan and learning-rate
            schedule, evaluation and the policy probe, a checkpoint's contents (state.py)
steps/      one optimizer step of each stage (warmup_step.py, grpo_step.py) and what they
            share: the update (update.py), distillation, the explained groups, the
            temperature chosen at GRPO's start, the perplexity curriculum
probes/     the machine measured before training: memory (memory_probe.py), time
            (time_probe.py), and whether the run fits at all (fits_machine.py)
reporting/  what a run streams: its records, the metric catalogue that declares every key,
            the catalogue written out for people, and the time left (eta.py)
tools/      what the front doors do with GRPO's parts beside a run: the reward lab's
            arithmetic, pruning a finished run

The floors inside: tools, then loop, then probes, then stages and steps, then reporting.
"""
