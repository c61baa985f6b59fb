"""Every record a run writes carries the wall-clock time it was made (records.WALL_TIME),
so a run opened later can say when each of its events happened."""

import time

from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from studio.core.training.reporting.metrics import FIELDS
from studio.core.training.reporting.records import WALL_TIME, error_record
from tests.helpers import tiny_config


def test_every_record_written_and_heard_has_its_own_wall_clock_time(tmp_path):
    heard = []
    before = time.time()
    trainer = Trainer(tiny_config(), save_dir=tmp_path, listeners=[heard.append])
    trainer.run()
    after = time.time()
    written = read_metrics(trainer.run_dir)
    assert written == heard and {r["kind"] for r in written} >= {"step", "eval", "stage", "done"}
    times = [r[WALL_TIME] for r in written]
    assert all(before - 1 <= t <= after + 1 for t in times)
    assert times == sorted(times) and times[0] < times[-1]  # each its own moment
    assert WALL_TIME in FIELDS  # declared: not drawn as a metric


def test_an_error_record_is_one_line_with_its_traceback_apart():
    try:
        raise ValueError("data/train.txt line 3: expected 'a+b=c'")
    except ValueError as err:
        record = error_record(err, "training failed: data/train.txt line 3")
    assert record["message"] == "training failed: data/train.txt line 3"
    assert record["details"].startswith("Traceback") and "ValueError" in record["details"]
    assert isinstance(record[WALL_TIME], float)
