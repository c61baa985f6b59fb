"""What the front doors do with GRPO's parts beside a run: the reward lab's arithmetic on a
group typed or sampled (reward_lab.py), and pruning a finished run (prune.py)."""
