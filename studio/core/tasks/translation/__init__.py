"""Translation with the Tiny-Transformer: the task (task.py), its settings (config.py),
pairs, tokenizers and batches (data.py), chrF/BLEU rewards (rewards.py) and decoding
(decoding.py); translating as text is typed (live.py: sentences.py cuts the text,
cache.py keeps what was translated, live_backends.py runs PyTorch or the ONNX export)."""
