"""The Playground tab (tab.py): a run's model answering in PyTorch and ONNX (the engines of
studio.core.serving.engines), on the page its task or architecture names (page.py:
completion_page.py, translation_page.py with its live box, grid_page.py); each engine's
`Answer` (answer.py), shown side by side (answer_panel.py)."""
