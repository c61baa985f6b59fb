"""The Playground tab (tab.py): a run's model answering in PyTorch and ONNX (the engines of
studio.core.serving.engines), on the page its task or architecture names (page.py:
completion.py, translation.py, grid.py), answers side by side (answers.py)."""
