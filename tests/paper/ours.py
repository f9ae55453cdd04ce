"""Run OUR `webvoyager run/judge --protocol paper` on the same task and script, through the real CLI.

A prompt pack is first imported from the same copy of the original code with `webvoyager protocol import
webvoyager PATH --out PACK`, and passed to both as `--prompts PACK`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.paper.original import MODEL

OURS_TIMEOUT_S = 240


def _webvoyager(args: list[str], log: Path, *, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m webvoyager ARGS` with the interpreter (and PYTHONPATH) running the tests."""
    env = dict(os.environ, OPENAI_API_KEY="sk-local-test-key", COLUMNS="200")
    done = subprocess.run([sys.executable, "-m", "webvoyager", *args], env=env, cwd=cwd, text=True,
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=OURS_TIMEOUT_S, check=False)
    log.write_text(f"$ webvoyager {' '.join(args)}\n{done.stdout}\n{done.stderr}")
    return done


def import_pack(original_code: Path, folder: Path) -> Path:
    """A prompt pack made from `original_code` by our importer (`folder/pack`)."""
    pack = folder / "pack"
    done = _webvoyager(["protocol", "import", "webvoyager", str(original_code), "--out", str(pack)],
                       folder / "pack-import.log", cwd=folder)
    if done.returncode:
        raise RuntimeError(f"webvoyager protocol import failed:\n{done.stdout}\n{done.stderr}")
    return pack


def run_ours(question: str, url: str, recorder_url: str, out: Path, *, text_only: bool,
             pack: Path | None, log: Path) -> Path:
    """`webvoyager run QUESTION --url URL --protocol paper` into run folder `out`; returns `out`."""
    args = ["run", question, "--url", url, "--model", f"openai:{MODEL}", "--base-url", recorder_url,
            "--protocol", "paper", "--out", str(out)]
    if text_only:
        args.append("--text-only")
    if pack is not None:
        args += ["--prompts", str(pack)]
    done = _webvoyager(args, log)
    if not (out / "run.json").is_file():
        raise RuntimeError(f"webvoyager run wrote no run (exit {done.returncode}):\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")
    return out


def judge_ours(run: Path, recorder_url: str, *, pack: Path | None, log: Path) -> None:
    """`webvoyager judge run RUN --protocol paper` against the recorder."""
    args = ["judge", "run", str(run), "--model", f"openai:{MODEL}", "--base-url", recorder_url,
            "--protocol", "paper"]
    if pack is not None:
        args += ["--prompts", str(pack)]
    done = _webvoyager(args, log)
    if done.returncode:
        raise RuntimeError(f"webvoyager judge failed (exit {done.returncode}):\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")
