"""One module per architecture: the ONNX graphs its export writes (small nn.Modules around
the trained model) and the random-input parity cases that check them against the model.
Each architecture's spec (studio.core.models) names its module's `graphs` and `parity`."""
