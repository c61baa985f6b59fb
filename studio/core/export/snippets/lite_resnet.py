"""Run an exported Lite-ResNet policy with onnxruntime and numpy alone (no torch, no studio).

From the folder of the export:

    python example_onnx.py                   # the held-out samples saved with the export
    python example_onnx.py images.npy        # your own (N, C, H, W) uint8 array
    python example_onnx.py --int8            # the int8-quantized graph, if exported

The model maps images to one logit per action (grid world: up, right, down, left) or per
class (image classification); the greedy choice is the largest logit. The names, the
image size and what the sample labels mean are read from the ONNX file's metadata
("grpo_studio", a JSON string).

Graph: lite_resnet.onnx  observation (B, C, H, W) uint8, pixels 0-255 -> logits (B, A)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort

FILES = {"policy": "lite_resnet.onnx"}
SAMPLES = "lite_resnet_samples.npz"  # observations (N, C, H, W) uint8, labels (N,) int64
META_KEY = "grpo_studio"


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def load_session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3  # errors only
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def read_metadata(session: ort.InferenceSession) -> dict:
    return json.loads(session.get_modelmeta().custom_metadata_map[META_KEY])


class PolicyOnnx:
    """Logits and greedy choices of the exported network."""

    def __init__(self, folder: Path, *, int8: bool = False) -> None:
        name = FILES["policy"]
        self.session = load_session(Path(folder) / (int8_name(name) if int8 else name))
        self.meta = read_metadata(self.session)
        self.names = self.meta["task"]["action_names"]
        self.shape = tuple(self.meta["task"]["observation_shape"])  # (C, H, W)

    def logits(self, observations: np.ndarray) -> np.ndarray:
        """observations (B, C, H, W) uint8 -> logits (B, A) float32."""
        obs = np.asarray(observations)
        if obs.ndim == 3:
            obs = obs[None]
        if obs.dtype != np.uint8 or obs.shape[1:] != self.shape:
            raise ValueError(
                f"observations must be uint8 images of shape (N, {', '.join(map(str, self.shape))})"
                f", got {obs.dtype} {obs.shape}; convert them first"
            )
        return self.session.run(None, {"observation": obs})[0]

    def act(self, observations: np.ndarray) -> np.ndarray:
        """The greedy action (class) of each observation: (B,) int64."""
        return self.logits(observations).argmax(-1)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    int8 = "--int8" in args
    files = [a for a in args if a != "--int8"]
    folder = Path(__file__).resolve().parent
    try:
        policy = PolicyOnnx(folder, int8=int8)
        if files:
            observations, labels = np.load(files[0]), None
        else:
            with np.load(folder / SAMPLES) as samples:
                observations, labels = samples["observations"], samples["labels"]
        meaning = policy.meta["task"].get("label_meaning", "label")
        for i, action in enumerate(policy.act(observations).tolist()):
            line = f"sample {i}: {policy.names[action]}"
            if labels is not None and labels[i] >= 0:
                line += f"   ({meaning}: {policy.names[int(labels[i])]})"
            print(line)
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
