"""Answering questions with a finished run: the top floor of the engine.

It depends on the tasks, run folders and exports below it, and nothing in core depends on
it (the layers contract in pyproject.toml). The command line, the API and the window all
answer through it:

- engines.py: a run ready to answer, its model in PyTorch (`TorchEngine`) or its ONNX
  export through the export's own runner (`OnnxEngine`);
- completion.py: text prompts completed by a text run (`complete`);
- live_translation.py: a translation run's text translated sentence by sentence through a
  cache, again after every edit (`LiveTranslator`), on one of the two backends of
  translation_backends.py (PyTorch or the ONNX export), decoding greedily or by beam
  search (studio.core.config.decoding's `Decoding`).
"""
