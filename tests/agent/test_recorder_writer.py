"""The recorder writes step files on a background thread: the loop does not wait for the disk, the
files come out in order and whole, and `finish` waits for them before writing result.json."""

from __future__ import annotations

import io
import json
import threading

import pytest
from PIL import Image

from webvoyager.agent.recorder import BackgroundWriter, Recorder
from webvoyager.agent.redact import Redactor
from webvoyager.browser.types import Element, Observation
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, Step

TASK = Task(id="t1", question="What is on the page?", start_url="http://example.org/")


def _png(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), colour).save(out, format="PNG")
    return out.getvalue()


def _observation(value: str = "") -> Observation:
    field = Element(label=0, tag="input", text="", value=value, bbox=(8, 8, 30, 12))
    return Observation(url="http://example.org/", title="Example", screenshot=_png((255, 255, 255)),
                       marked_screenshot=_png((200, 0, 0)), elements=[field], text='[0]: <input> ""')


def _block(writer: BackgroundWriter) -> threading.Event:
    """Hold the writer busy until the returned event is set."""
    release = threading.Event()
    writer.submit(lambda: release.wait(10))
    return release


def test_record_step_does_not_wait_for_the_disk_and_finish_waits_for_every_file(tmp_path) -> None:
    recorder = Recorder(tmp_path / "t1")
    recorder.start(TASK, policy="webvoyager", model="reference")
    release = _block(recorder.writer)
    recorder.record_step(Step(index=1, url="http://example.org/", action="Click [0]"), _observation(),
                         [{"role": "system", "content": "sys"}, {"role": "user", "content": "step 1"}])
    # Returned while the writer is still held: nothing of step 1 is on disk yet.
    assert not (tmp_path / "t1" / "screenshot1.png").exists()
    finished = threading.Event()
    worker = threading.Thread(target=lambda: (recorder.finish(Result.failure(TASK, "error", "x")), finished.set()))
    worker.start()
    assert not finished.wait(0.3)                       # finish is waiting for the step files...
    assert not (tmp_path / "t1" / "result.json").exists()
    release.set()
    worker.join(10)
    assert finished.is_set()
    folder = tmp_path / "t1"
    assert Image.open(folder / "screenshot1.png").getpixel((40, 40)) == (200, 0, 0)
    assert Image.open(folder / "screenshot1_clean.png").getpixel((40, 40)) == (255, 255, 255)
    trajectory = json.loads((folder / "trajectory.json").read_text())
    assert [s["action"] for s in trajectory["steps"]] == ["Click [0]"]
    assert trajectory["steps"][0]["screenshot"] == "screenshot1.png"
    assert json.loads((folder / "interact_messages.json").read_text())[-1]["content"] == "step 1"
    assert json.loads((folder / "result.json").read_text())["status"] == "error"


def test_files_hold_the_step_as_recorded_even_if_the_data_changes_later(tmp_path) -> None:
    recorder = Recorder(tmp_path / "t1")
    recorder.start(TASK)
    release = _block(recorder.writer)
    log = [{"role": "user", "content": "first"}]
    step = Step(index=1, url="http://example.org/", action="Scroll [WINDOW]; [down]")
    recorder.record_step(step, None, log)
    log.append({"role": "assistant", "content": "later"})   # the policy's log grows after the step
    step.notes.append("changed afterwards")
    release.set()
    recorder.finish(Result.failure(TASK, "error", "x"))
    assert json.loads((tmp_path / "t1" / "interact_messages.json").read_text()) == [{"role": "user", "content": "first"}]
    assert json.loads((tmp_path / "t1" / "trajectory.json").read_text())["steps"][0]["notes"] == []


def test_steps_are_written_in_order(tmp_path) -> None:
    recorder = Recorder(tmp_path / "t1")
    recorder.start(TASK)
    for i in range(1, 31):
        recorder.record_step(Step(index=i, url=f"http://example.org/{i}"), _observation(), [{"role": "user", "content": str(i)}])
    recorder.finish(Result.failure(TASK, "error", "x"))
    trajectory = json.loads((tmp_path / "t1" / "trajectory.json").read_text())
    assert [s["index"] for s in trajectory["steps"]] == list(range(1, 31))
    assert json.loads((tmp_path / "t1" / "interact_messages.json").read_text())[0]["content"] == "30"
    assert len(list((tmp_path / "t1").glob("screenshot*_clean.png"))) == 30


def test_secrets_are_still_blacked_out_and_redacted(tmp_path) -> None:
    recorder = Recorder(tmp_path / "t1", redactor=Redactor(["hunter2-secret"]))
    recorder.start(TASK)
    recorder.record_step(Step(index=1, url="http://example.org/", thought="typed hunter2-secret"),
                         _observation("hunter2-secret"), [{"role": "user", "content": "hunter2-secret"}])
    recorder.finish(Result.failure(TASK, "error", "x"))
    folder = tmp_path / "t1"
    assert "hunter2-secret" not in (folder / "trajectory.json").read_text()
    assert "hunter2-secret" not in (folder / "interact_messages.json").read_text()
    assert Image.open(folder / "screenshot1.png").getpixel((20, 14)) == (0, 0, 0)   # the field is blacked out


def test_a_failed_write_is_raised_by_finish(tmp_path) -> None:
    recorder = Recorder(tmp_path / "t1")
    recorder.start(TASK)
    (tmp_path / "t1" / "screenshot1.png").mkdir()      # the file cannot replace a folder
    recorder.record_step(Step(index=1, url="http://example.org/"), _observation())
    with pytest.raises(OSError):
        recorder.finish(Result.failure(TASK, "error", "x"))
    recorder.finish(Result.failure(TASK, "error", "the disk failed"))   # the error is raised once
    assert json.loads((tmp_path / "t1" / "result.json").read_text())["error"] == "the disk failed"


def test_the_writer_thread_ends_when_idle() -> None:
    writer = BackgroundWriter()
    done: list[int] = []
    for i in range(5):
        writer.submit(lambda i=i: done.append(i))
    writer.flush()
    assert done == [0, 1, 2, 3, 4] and writer.pending == 0 and writer._thread is None
