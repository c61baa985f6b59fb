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
import os
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort

FILES = {"policy": "lite_resnet.onnx"}
SAMPLES = "lite_resnet_samples.npz"  # observations (N, C, H, W) uint8, labels (N,) int64
META_KEY = "grpo_studio"
MAX_SIZE = 1 << 20  # the largest count (channels, pixels, actions) it may give
POOLED = False  # whether the sessions' memory pool is set up (memory_pool)


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def memory_pool() -> None:
    """Sessions allocate from one pool of at most half the machine's RAM (where the
    system says how much there is); a graph asking for more fails, it does not grow."""
    global POOLED
    if POOLED:
        return
    POOLED = True
    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # Windows: no such figure here
        return
    arena = ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR
    where = ort.OrtMemoryInfo("Cpu", arena, 0, ort.OrtMemType.DEFAULT)
    ort.create_and_register_allocator(where, ort.OrtArenaCfg(ram // 2, -1, -1, -1))


class Session(ort.InferenceSession):
    """An onnxruntime session over one graph file, its memory from the pool: a run that
    asks for more than the pool holds is a ValueError naming the file and the node."""

    def __init__(self, path: Path, options: ort.SessionOptions) -> None:
        options.add_session_config_entry("session.use_env_allocators", "1")
        super().__init__(str(path), options, providers=["CPUExecutionProvider"])
        self.path = Path(path)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().run(*args, **kwargs)
        except Exception as err:  # onnxruntime's Fail: one class for every failure
            asked = re.search(r"requested bytes of (\d+)|buffer of size (\d+)", str(err))
            if asked is None:
                raise
            node = re.search(r"running (\w+) node\. Name:'([^']*)'", str(err))
            where = f"its {node.group(1)} node {node.group(2)!r}" if node else "a node"
            size = int(asked.group(1) or asked.group(2))
            raise ValueError(
                f"{self.path}: {where} asks for {size / 2**30:.1f} GB at once, more than "
                "half this machine's memory; the export was altered: export the run again"
            ) from None


def load_session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 4  # none: every error reaches the caller as an exception
    return Session(path, options)


def altered(path: Path, field: str, problem: str) -> ValueError:
    return ValueError(
        f"{path}: its metadata's {field} {problem}: the export was altered or damaged; "
        "export the run again (grpo-studio export RUN_DIR)"
    )


def read_metadata(session: ort.InferenceSession, path: Path) -> dict:
    text = session.get_modelmeta().custom_metadata_map.get(META_KEY)
    if text is None:
        raise ValueError(f"{path}: has no {META_KEY!r} metadata; it was not exported by the studio")
    try:
        meta = json.loads(text)
    except (ValueError, RecursionError):
        raise altered(path, META_KEY, "is not the JSON the studio writes") from None
    if not isinstance(meta, dict):
        raise altered(path, META_KEY, "is not a JSON object")
    return meta


def field(meta: dict, path: Path, name: str, kind: type = dict, most: int = MAX_SIZE):
    """meta's field `name` ("model.n_heads"), checked to be of `kind` (an int from 1 to
    `most`); a ValueError naming the file and the field otherwise."""
    value, parents = meta, []
    for key in name.split("."):
        if not isinstance(value, dict):  # a parent field replaced by a number, a list...
            raise altered(path, ".".join(parents), f"is {json_kind(type(value))}, not an object")
        if key not in value:
            raise altered(path, name, "is missing")
        value = value[key]
        parents.append(key)
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
            raise altered(path, name, f"is {str(value)[:40]}, not a count from 1 to {most}")
    elif not isinstance(value, kind):
        raise altered(path, name, f"is {json_kind(type(value))}, not {json_kind(kind)}")
    return value


def json_kind(kind: type) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    return names.get(kind, "a number" if kind in (int, float) else "null")


class PolicyOnnx:
    """Logits and greedy choices of the exported network."""

    def __init__(self, folder: Path, *, int8: bool = False) -> None:
        name = FILES["policy"]
        path = Path(folder) / (int8_name(name) if int8 else name)
        memory_pool()
        self.session = load_session(path)
        self.meta = meta = read_metadata(self.session, path)
        self.names = field(meta, path, "task.action_names", list)
        if not self.names or not all(isinstance(n, str) for n in self.names):
            raise altered(path, "task.action_names", "is not a list of names")
        shape = field(meta, path, "task.observation_shape", list)
        if len(shape) != 3 or not all(type(n) is int and 1 <= n <= 4096 for n in shape):
            raise altered(path, "task.observation_shape", "is not three sizes (C, H, W)")
        self.shape = tuple(shape)  # (C, H, W)
        actions = self.session.get_outputs()[0].shape[-1]  # logits (B, A)
        if actions != len(self.names):
            raise altered(path, "task.action_names", f"does not name the graph's {actions} actions")

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
