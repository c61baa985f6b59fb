"""Translation with the Tiny-Transformer: the task (task.py), its settings (config.py),
pairs, tokenizers and batches (data.py), chrF/BLEU rewards (rewards.py) and decoding
(decoding.py); for translating text as it is typed (studio.core.serving.live_translation),
sentences.py cuts the text and cache.py keeps what was translated."""
