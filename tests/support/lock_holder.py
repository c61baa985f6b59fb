"""Another process holding a run folder's lock, as a training run elsewhere would."""

import contextlib
import subprocess
import sys

HOLD = (
    "import sys, time\n"
    "from studio.core.runs.lock import acquire\n"
    "lock = acquire(sys.argv[1])\n"
    "print('held', flush=True)\n"
    "time.sleep(120)\n"
)


@contextlib.contextmanager
def lock_held_elsewhere(run_dir):
    """A process holding `run_dir`'s lock until the block ends (or it is killed sooner)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(run_dir)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()
