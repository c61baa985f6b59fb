"""TrainerControl's answers inside a step (`hold`) and between steps (`wait_for_turn`)."""

import threading

import pytest

from studio.core.training.control import StopRequested, TrainerControl


def held(control: TrainerControl, seconds: float = 0.3) -> bool:
    """Whether hold() is still blocking after `seconds` (it is released afterwards)."""
    thread = threading.Thread(target=control.hold, kwargs={"poll_s": 0.01}, daemon=True)
    thread.start()
    thread.join(seconds)
    return thread.is_alive()


def test_hold_passes_while_running_and_blocks_while_paused_until_resumed():
    control = TrainerControl()
    assert control.wait_for_turn()
    assert not held(control)
    control.pause()
    assert held(control)
    control.resume()
    assert not held(control)


def test_hold_raises_on_stop_even_while_paused():
    control = TrainerControl()
    control.pause()
    control.stop()
    with pytest.raises(StopRequested):
        control.hold()
    assert not control.wait_for_turn()


def test_a_granted_single_step_runs_through_then_the_run_pauses():
    control = TrainerControl()
    control.pause()
    control.step_once()
    assert control.wait_for_turn()  # the granted step starts
    assert not held(control)  # and is not held by the standing pause
    gate = threading.Thread(target=control.wait_for_turn, daemon=True)
    gate.start()
    gate.join(0.3)
    assert gate.is_alive()  # the next step waits
    control.resume()
    gate.join(1.0)
    assert not gate.is_alive()


def test_step_pressed_while_a_step_runs_finishes_that_step_then_pauses():
    control = TrainerControl()
    assert control.wait_for_turn()  # a step under way
    control.step_once()
    assert not held(control)  # this step is the granted one: it goes on
    gate = threading.Thread(target=control.wait_for_turn, daemon=True)
    gate.start()
    gate.join(0.3)
    assert gate.is_alive()  # paused after it
    control.stop()
    gate.join(1.0)
