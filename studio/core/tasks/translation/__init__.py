"""Translation with the Tiny-Transformer: the task (task.py), its settings (config.py),
pairs, tokenizers and batches (data.py), chrF/BLEU rewards (rewards.py) and decoding
(decoding.py)."""
