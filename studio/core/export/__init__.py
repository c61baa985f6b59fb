"""ONNX export of a training run: export_run (pipeline.py) converts the graphs (graphs.py,
convert.py), labels them (metadata.py), checks them against PyTorch (verify.py, through
each task's adapter in adapters.py), optionally quantizes (quantize.py), and writes the
example program (snippets/) and a README (readme.py)."""
