"""The Playground tab (tab.py): a run's model answering in PyTorch and ONNX (engines.py),
on the page its task or architecture names (page.py: completion_page.py,
translation_page.py with its live box, grid_page.py), answers side by side (answers.py)."""
