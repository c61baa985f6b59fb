"""Run folders on disk: atomic writes, the folder's layout, metrics.jsonl, checkpoint
files, and loading a finished run back (for export, the CLI and the playground) without
the training loop."""
