"""Typed model and task sections: code that asks a plain config for one task's or one
architecture's field fails the type check, and the task's own code does not.

mypy runs on a small probe with the project's settings; the lines marked `# error` must
be exactly the ones it reports.
"""

import re

import pytest

from tests.helpers import ROOT

mypy_api = pytest.importorskip("mypy.api")


PROBE = """\
from studio.core.catalogue import load_config
from studio.core.config.sections import StudioConfig
from studio.core.tasks import build_task
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.task import TranslationTask

cfg: StudioConfig = load_config("tiny_transformer")
cfg.task.source_lang  # error: a generic panel asking for one task's field
cfg.model.n_layers  # error: or for one architecture's
cfg.model.shape().layers  # what every architecture declares
if isinstance(cfg.task, TranslationConfig):
    cfg.task.source_lang  # narrowed: fine
build_task(cfg).cfg.source_lang  # error: a task of any kind has a TaskSection


def inside(task: TranslationTask) -> str:
    return task.cfg.source_lang  # the task's own config: fine
"""


@pytest.mark.slow
def test_a_field_one_task_has_is_a_type_error_outside_that_task(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    config = str(ROOT / "pyproject.toml")
    out, err, _ = mypy_api.run(["--config-file", config, "--no-error-summary", str(probe)])
    assert not err
    reported = {int(n) for n in re.findall(r"probe\.py:(\d+): error", out)}
    marked = {i for i, line in enumerate(PROBE.splitlines(), 1) if "# error" in line}
    assert reported == marked, out
