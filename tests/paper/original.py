"""Run the ORIGINAL WebVoyager code (from shared data) on one sandbox task, against a recording server.

The original is copied to a temporary folder (the shared copy is read-only and stays untouched) and started
through `launch_original.py` under its own virtualenv, with the flags of its `run.sh` and
`evaluation/run_eval.sh` that matter for the requests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import SHARED_DATA

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = SHARED_DATA / "webvoyager" / "original"
LAUNCHER = Path(__file__).with_name("launch_original.py")
MODEL = "gpt-4-vision-preview"
# A run of a few scripted steps takes well under a minute (its fixed sleeps); this only stops a hang.
ORIGINAL_TIMEOUT_S = 240


def original_python() -> Path:
    """The original's virtualenv interpreter: $WEBVOYAGER_ORIGINAL_PYTHON, else .venv-original here (made
    by scripts/setup_original.sh). Not resolved: a venv's python is a symlink that must stay one."""
    configured = os.environ.get("WEBVOYAGER_ORIGINAL_PYTHON")
    return Path(configured) if configured else ROOT / ".venv-original" / "bin" / "python"


def chromedriver() -> Path:
    return Path(os.environ.get("WEBVOYAGER_CHROMEDRIVER", "/usr/bin/chromedriver"))


def chromium() -> Path:
    """The browser the original drives: Chromium's OLD headless mode, which its `--headless` meant in the
    paper's days (Chrome 119) and which gives a 1024x768 page in its 1024x768 window. Chromium >= 132
    dropped it from the main binary (`--headless` there is the new mode: a 1024x625 page); Debian ships
    it apart as chromium-headless-shell."""
    return Path(os.environ.get("WEBVOYAGER_ORIGINAL_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"))


def missing_prerequisites() -> list[str]:
    """What the differential test needs and this machine lacks, each with how to get it."""
    missing = []
    if not (ORIGINAL / "run.py").is_file():
        missing.append(f"the original WebVoyager code at {ORIGINAL} (set WEBVOYAGER_SHARED_DATA)")
    if not original_python().exists():
        missing.append(f"its virtualenv {original_python()} (run scripts/setup_original.sh)")
    if not chromedriver().exists():
        missing.append(f"{chromedriver()} (apt-get install chromium-driver)")
    if not chromium().exists():
        missing.append(f"{chromium()} (apt-get install chromium-headless-shell)")
    return missing


@dataclass(frozen=True)
class OriginalTask:
    """What the original's tasks file holds for one task."""

    id: str          # e.g. "Allrecipes--1": auto_eval.py only looks for the paper's website names
    web_name: str
    question: str
    url: str


class OriginalCopy:
    """A writable temporary copy of the original code, and the runs made in it."""

    def __init__(self, folder: Path) -> None:
        self.code = folder / "original"
        shutil.copytree(ORIGINAL, self.code)
        for path in [self.code, *self.code.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)   # the shared copy is read-only
        self.folder = folder

    def _launch(self, script: str, args: list[str], recorder_url: str, log: Path) -> None:
        env = dict(os.environ, WEBVOYAGER_RECORDER_URL=recorder_url, WEBVOYAGER_ORIGINAL_CHROMIUM=str(chromium()),
                   WEBVOYAGER_CHROMEDRIVER=str(chromedriver()), PYTHONUNBUFFERED="1")
        env.pop("PYTHONPATH", None)   # the original imports nothing of ours
        with log.open("w") as out:
            done = subprocess.run([str(original_python()), str(LAUNCHER), script, *args], cwd=self.code,
                                  env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                  timeout=ORIGINAL_TIMEOUT_S, check=False)
        if done.returncode:
            raise RuntimeError(f"the original {script} exited {done.returncode}; see {log}:\n"
                               f"{log.read_text()[-3000:]}")

    def run(self, task: OriginalTask, recorder_url: str, *, max_iter: int, text_only: bool,
            name: str) -> Path:
        """Run `run.py` on `task`; return its task result folder (screenshots, interact_messages.json)."""
        tasks_file = self.folder / f"{name}.jsonl"
        tasks_file.write_text(json.dumps({"web_name": task.web_name, "id": task.id, "ques": task.question,
                                          "web": task.url}) + "\n")
        results, downloads = self.folder / f"{name}-results", self.folder / f"{name}-downloads"
        downloads.mkdir()
        # run.sh's flags: --headless --max_iter 15 --max_attached_imgs 3 --temperature 1 --fix_box_color
        # --seed 42 (the window size is its default, given explicitly); the README's text-only command keeps
        # --max_attached_imgs 1, as protocol.py's text-only paper values do.
        kept = "1" if text_only else "3"
        args = ["--test_file", str(tasks_file), "--api_key", "sk-local-test-key", "--api_model", MODEL,
                "--headless", "--max_iter", str(max_iter), "--max_attached_imgs", kept, "--temperature", "1",
                "--fix_box_color", "--seed", "42", "--window_width", "1024", "--window_height", "768",
                "--output_dir", str(results), "--download_dir", str(downloads)]
        if text_only:
            args.append("--text_only")
        self._launch("run.py", args, recorder_url, self.folder / f"{name}-run.log")
        (task_dir,) = results.glob(f"*/task{task.id}")
        return task_dir

    def judge(self, task_dir: Path, recorder_url: str, *, name: str) -> None:
        """Run `evaluation/auto_eval.py` on the run holding `task_dir`, with run_eval.sh's 15 images."""
        args = ["--process_dir", str(task_dir.parent), "--api_key", "sk-local-test-key", "--api_model", MODEL,
                "--max_attached_imgs", "15"]
        self._launch(str(Path("evaluation") / "auto_eval.py"), args, recorder_url,
                     self.folder / f"{name}-judge.log")

