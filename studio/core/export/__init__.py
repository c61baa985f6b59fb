"""ONNX export of a training run: export_run (pipeline.py) converts the graphs of the run's
architecture (archs/, graphs.py, convert.py), labels them (metadata.py), checks them
against PyTorch (parity.py and verify.py, through the adapter the task names in
adapters.py), optionally quantizes (quantize.py), and writes the architecture's example
program (snippets/) and a README (readme.py). The architecture's spec (studio.core.models)
names its graphs, parity cases and snippet."""
