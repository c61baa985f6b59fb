"""TrainerControl's answers inside a step (`hold`) and between steps (`wait_for_turn`)."""

import threading

import pytest

from studio.core.training.loop.control import StopRequested, TrainerControl


def held(control: TrainerControl, seconds: float = 0.3) -> bool:
    """Whether hold() is still blocking after `seconds` (it is released afterwards)."""
    thread = threading.Thread(target=control.hold, kwargs={"poll_s": 0.01}, daemon=True)
    thread.start()
    thread.join(seconds)
    return thread.is_alive()


def waits_for_its_turn(control: TrainerControl, seconds: float = 0.3) -> bool:
    """Whether wait_for_turn() is still blocking after `seconds` (a stop releases it)."""
    thread = threading.Thread(target=control.wait_for_turn, kwargs={"poll_s": 0.01}, daemon=True)
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


def test_a_step_asked_before_the_run_began_is_its_first_step_not_the_preparation():
    control = TrainerControl()
    control.step_once()  # Step before Start: the run begins paused with one step to take
    assert not held(control)  # the baseline evaluation before the first step runs through
    assert not held(control)
    assert not waits_for_its_turn(control)  # the step asked is still there: the first one
    assert waits_for_its_turn(control)  # one step only: paused after it
    control.stop()


def test_a_pause_asked_while_the_run_prepares_holds_the_preparation():
    control = TrainerControl()
    control.pause()
    assert held(control)  # no step asked: the baseline evaluation waits too
    control.resume()
    assert not held(control)


def test_a_pause_before_the_next_step_lets_the_work_before_it_run_then_holds_that_step():
    control = TrainerControl()
    assert control.wait_for_turn()  # a step under way
    control.pause_before_next_step()  # e.g. the GRPO stage has just started
    assert not control.paused
    assert not held(control)  # its checkpoint or evaluation runs on
    gate = threading.Thread(target=control.wait_for_turn, daemon=True)
    gate.start()
    gate.join(0.3)
    assert gate.is_alive() and control.paused  # the next step does not begin
    control.step_once()  # Step: exactly that step
    gate.join(1.0)
    assert not gate.is_alive()
    assert waits_for_its_turn(control)  # then paused again
    control.stop()


def test_a_step_asked_before_the_pause_takes_effect_is_the_next_step():
    control = TrainerControl()
    assert control.wait_for_turn()
    control.pause_before_next_step()
    control.step_once()  # pressed while the stage's start was still being written
    assert not held(control)  # not spent on the work before the step
    assert not waits_for_its_turn(control)  # the step asked
    assert waits_for_its_turn(control)  # then paused
    control.stop()


def test_resume_cancels_a_pause_asked_for_the_next_step():
    control = TrainerControl()
    assert control.wait_for_turn()
    control.pause_before_next_step()
    control.resume()
    assert not waits_for_its_turn(control)
    assert not waits_for_its_turn(control)
