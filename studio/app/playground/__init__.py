"""The Playground tab (tab.py): a run's model answering in PyTorch and ONNX (engines.py),
through one input page per preset (pages.py)."""
