"""Image classification as a contextual bandit: GRPO over sampled labels.

The prompt is an image, a completion is one sampled class label (T = 1), and the reward
is 1 for the right label, 0 otherwise. With G labels sampled per image, the group's
advantage pushes probability toward the labels that scored above the group's mean: a
policy gradient with a per-image baseline, and no value network.

Data: the user's images in class folders (data.path; studio.core.data.images), split
per class into train/valid/test, or the built-in demo set of drawn shapes
(studio.core.data.shapes), whose three parts are drawn from three different seeds.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import torch
import torch.nn.functional as F
from torch import nn

from studio.core.config.decoding import Decoding
from studio.core.config.fields import ConfigError, ModelSection, TaskSection, param, shown
from studio.core.data.images import load_image_folder, stratified_split
from studio.core.data.shapes import DEFAULT_CLASSES, SHAPES, draw_shapes
from studio.core.messages import say
from studio.core.models.lite_resnet import LiteResNet, LiteResNetConfig
from studio.core.models.sampling import choose, token_logprobs_and_entropy
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    Task,
    Unusable,
    UserSettings,
    empty_split,
    model_device,
)
from studio.core.tasks.probing import rounded

EVAL_BATCH = 256  # images per forward in evaluation
PROBE_IMAGES = 4  # held-out images the policy probe follows


@dataclass
class ShapesConfig(TaskSection):
    """Classify images: the built-in shapes or the user's class folders."""

    NAME: ClassVar[str] = "shapes"

    image_size: int = param(
        32, "Side in pixels every image is resized to", min=8, max=128, label="Image size (pixels)"
    )
    classes: list[str] = param(
        default_factory=lambda: list(DEFAULT_CLASSES),
        help=f"Shapes of the built-in set ({', '.join(SHAPES)}); a folder's classes are its "
        "subfolders",
        label="Classes",
    )
    noise: float = param(
        0.1,
        "Pixel noise of the built-in set (std, share of full range)",
        min=0.0,
        max=0.5,
        label="Pixel noise",
    )
    demo_size: int = param(
        3000, "Built-in training images", min=10, label="Built-in training images"
    )
    demo_eval_size: int = param(
        500, "Built-in images in each of valid and test", min=1, label="Built-in held-out images"
    )

    def __post_init__(self) -> None:
        unknown = [c for c in self.classes if c not in SHAPES]
        if unknown:
            raise ConfigError(
                say(
                    "task.classes: unknown shape {name}; choose from {shapes}",
                    name=shown(unknown[0]),
                    shapes=", ".join(SHAPES),
                )
            )
        if len(set(self.classes)) < 2:
            raise ConfigError(
                say(
                    "task.classes: need at least two different shapes, got {classes}",
                    classes=shown(self.classes),
                )
            )


@dataclass
class _Split:
    images: torch.Tensor  # (n, 3, S, S) uint8
    labels: torch.Tensor  # (n,) long


class ShapesTask(Task[ShapesConfig]):
    """Name the class of an image; GRPO samples G labels per image."""

    NAME: ClassVar[str] = "shapes"
    CONFIG = ShapesConfig
    MODEL_KIND = "image"
    EVAL_METRIC: ClassVar[str] = "accuracy"
    EXPORT_ADAPTER: ClassVar[str] = "studio.core.export.adapters:ShapesAdapter"
    DATA_FIELDS: ClassVar[tuple[str, ...]] = (
        "path",
        "valid_fraction",
        "test_fraction",
        "split_seed",
        "max_unusable",
    )
    SAMPLE_NOUN: ClassVar[str] = "label"

    def __init__(
        self,
        cfg: ShapesConfig,
        data: Any,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        split_seed = int(getattr(data, "split_seed", 1234))
        path = getattr(data, "path", None)
        size = cfg.image_size
        if path:
            images, labels, self.class_names, self._report = load_image_folder(path, size)
            train, valid, test = stratified_split(
                labels,
                valid_fraction=data.valid_fraction,
                test_fraction=data.test_fraction,
                seed=split_seed,
            )
            self.splits = {
                name: _Split(images[idx], labels[idx])
                for name, idx in (("train", train), ("valid", valid), ("test", test))
            }
        else:
            self.splits = {}
            for i, (name, n) in enumerate(
                (
                    ("train", cfg.demo_size),
                    ("valid", cfg.demo_eval_size),
                    ("test", cfg.demo_eval_size),
                )
            ):
                images, labels, self.class_names, report = draw_shapes(
                    n, size, split_seed * 3 + i, classes=cfg.classes, noise=cfg.noise
                )
                self.splits[name] = _Split(images, labels)
                if name == "train":
                    self._report = report

    # ---- examples

    def report(self) -> str:
        return self._report.summary()

    def unusable(self) -> Unusable | None:
        """The files of the user's folder that were skipped (not images, unreadable,
        outside a class folder), of all it holds; None for the built-in shapes."""
        if not getattr(self.data, "path", None):
            return None
        r = self._report
        total = r.kept + r.total_skipped
        return Unusable(r.path, r.total_skipped, total, r.summary(), say("files"))

    def _example(self, split: str, i: int) -> Example:
        part = self.splits[split]
        label = int(part.labels[i])
        return Example(
            prompt=part.images[i],
            reference=label,
            display=say(
                "{split} image {index} ({shape})",
                split=split,
                index=i,
                shape=self.class_names[label],
            ),
        )

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        count = len(self.splits["train"].labels)
        return [self._example("train", rng.randrange(count)) for _ in range(n)]

    # ---- the model

    def build_model(self, model_cfg: ModelSection) -> nn.Module:
        if not isinstance(model_cfg, LiteResNetConfig):
            raise ConfigError(
                say(
                    "model.arch: the shapes task trains lite-resnet, got {arch}",
                    arch=getattr(model_cfg, "ARCH", type(model_cfg).__name__),
                )
            )
        size = self.cfg.image_size
        if model_cfg.image_size not in (0, size):
            raise ConfigError(
                say(
                    "model.image_size: images are resized to task.image_size = {size}, got "
                    "{value}; set it to {size} or 0",
                    size=size,
                    value=model_cfg.image_size,
                )
            )
        cfg = dataclasses.replace(model_cfg, image_size=size)
        return LiteResNet(cfg, 3, len(self.class_names))

    @staticmethod
    def _images(examples: list[Example], device: torch.device) -> torch.Tensor:
        return torch.stack([ex.prompt for ex in examples]).to(device)  # (P, 3, S, S) uint8

    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        device = model_device(model)
        target = torch.tensor([ex.reference for ex in examples], device=device)
        return F.cross_entropy(model(self._images(examples, device)).float(), target)

    # ---- GRPO

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        """G labels per image from one forward over the P images; T = 1."""
        device = model_device(model)
        images = self._images(examples, device)
        with torch.no_grad():
            logits = model(images).repeat_interleave(group_size, dim=0)  # (N, K)
            actions, logp = choose(
                logits, temperature=sampling.temperature, top_k=sampling.top_k, top_p=sampling.top_p
            )
        n = actions.shape[0]
        labels = torch.tensor([ex.reference for ex in examples]).repeat_interleave(group_size)
        return Rollout(
            examples=examples,
            group_size=group_size,
            actions=actions[:, None].cpu(),  # (N, 1)
            mask=torch.ones(n, 1),
            logp=logp[:, None].cpu(),
            truncated=torch.zeros(n, dtype=torch.bool),
            completions=[self.class_names[a] for a in actions.tolist()],
            context=images.cpu(),  # (P, 3, S, S) uint8
            info={"labels": labels},
        )

    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        device = model_device(model)
        logits = model(rollout.context.to(device)).repeat_interleave(rollout.group_size, dim=0)
        actions = rollout.actions[:, 0].to(device)  # (N,)
        logp, entropy = token_logprobs_and_entropy(logits, actions, temperature)
        return logp[:, None], entropy[:, None]  # (N, 1) each

    def reward_functions(self) -> list[RewardFunction]:
        def correct(r: Rollout) -> list[float]:
            return (r.actions[:, 0] == r.info["labels"]).float().tolist()

        return [RewardFunction("correct", correct, 1.0)]

    # ---- evaluation

    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """Accuracy of the likeliest label on the first `limit` images of `split`."""
        del decoding  # the likeliest label (DECODINGS)
        part = self.splits[split]
        images, labels = part.images[:limit], part.labels[:limit]
        if len(labels) == 0:
            raise ConfigError(empty_split(split))
        device = model_device(model)
        guesses = torch.cat(
            [
                model(images[i : i + EVAL_BATCH].to(device)).argmax(-1).cpu()
                for i in range(0, len(labels), EVAL_BATCH)
            ]
        )
        return {"accuracy": float((guesses == labels).float().mean())}

    # ---- what a run keeps

    def state_dict(self) -> dict[str, Any]:
        return {"class_names": list(self.class_names)}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        names = state.get("class_names")
        if names is not None and list(names) != self.class_names:
            raise ConfigError(
                say(
                    "the run was trained on classes {names}, but the data now has {classes}; use "
                    "the same data folder to resume",
                    names=names,
                    classes=self.class_names,
                )
            )

    # ---- what the window shows of the policy

    def action_pieces(self, rollout: Rollout, row: int) -> list[str]:
        return [self.class_names[int(rollout.actions[row, 0])]]

    @torch.no_grad()
    def probe(self, model: nn.Module) -> dict[str, Any] | None:
        """A "labels" snapshot (tasks/probing.py): each label's probability for the first
        PROBE_IMAGES validation images (test images when there is no validation split)."""
        split = "valid" if len(self.splits["valid"].labels) else "test"
        count = min(PROBE_IMAGES, len(self.splits[split].labels))
        if not count:
            return None
        examples = [self._example(split, i) for i in range(count)]
        logits = model(self._images(examples, model_device(model)))
        probs = torch.softmax(logits.float(), dim=-1).cpu().tolist()
        images = [
            {
                "title": say("{split} image {index}", split=split, index=i),
                "label": self.class_names[ex.reference],
                "probs": rounded(p),
            }
            for i, (ex, p) in enumerate(zip(examples, probs))
        ]
        return {"kind": "labels", "classes": list(self.class_names), "images": images}
