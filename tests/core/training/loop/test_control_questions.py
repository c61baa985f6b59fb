"""TrainerControl's questions: asked from any thread, answered on the trainer's thread only
while it is between steps or held by a pause."""

import gc
import threading

import pytest

from studio.core.training.loop.control import TrainerControl


class Answers:
    """An answerer that notes the thread each question ran on."""

    def __init__(self, control: TrainerControl) -> None:
        self.control, self.threads = control, []

    def answer(self, question: str, args: dict) -> dict:
        self.threads.append(threading.current_thread())
        if question == "fail":
            raise ValueError("no such step")
        if question == "forward":
            self.control.hold()  # a forward pass inside the answer passes its pause hook
        return {"question": question, **args}


def in_thread(target, **kwargs) -> threading.Thread:
    thread = threading.Thread(target=target, kwargs=kwargs, daemon=True)
    thread.start()
    return thread


def test_a_question_waits_for_the_trainer_and_runs_on_its_thread_while_paused():
    control = TrainerControl()
    answers = Answers(control)
    control.serve(answers.answer)
    control.pause()
    future = control.ask("after_update", step=3)
    assert not future.done()  # nobody is between steps yet
    trainer = in_thread(control.wait_for_turn, poll_s=0.01)
    assert future.result(timeout=5) == {"question": "after_update", "step": 3}
    assert answers.threads == [trainer]
    assert trainer.is_alive()  # still paused after answering
    control.stop()
    trainer.join(5)


def test_a_pause_mid_step_answers_too_and_a_forward_inside_the_answer_is_not_held():
    control = TrainerControl()
    answers = Answers(control)
    control.serve(answers.answer)
    assert control.wait_for_turn()  # a step is under way
    control.pause()
    held = in_thread(control.hold, poll_s=0.01)
    future = control.ask("forward")
    assert future.result(timeout=5) == {"question": "forward"}
    assert held.is_alive()  # the step itself stays held
    control.resume()
    held.join(5)
    assert not held.is_alive()


def test_an_answer_that_fails_comes_back_as_its_error_and_the_run_goes_on():
    control = TrainerControl()
    answers = Answers(control)
    control.serve(answers.answer)
    future = control.ask("fail")
    assert control.wait_for_turn()  # running: questions are answered before the next step
    with pytest.raises(ValueError, match="no such step"):
        future.result(timeout=1)


def test_without_a_trainer_to_answer_the_question_says_so():
    control = TrainerControl()
    future = control.ask("after_update", step=1)
    control.wait_for_turn()
    with pytest.raises(RuntimeError, match="no trainer"):
        future.result(timeout=1)
    answers = Answers(control)
    control.serve(answers.answer)
    del answers  # held weakly: the control keeps no trainer alive
    gc.collect()
    future = control.ask("after_update", step=1)
    control.wait_for_turn()
    with pytest.raises(RuntimeError, match="no trainer"):
        future.result(timeout=1)
