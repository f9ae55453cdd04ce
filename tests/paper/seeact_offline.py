"""The SeeAct half of the differential test: the ORIGINAL offline experiment and `webvoyager mind2web eval
--protocol paper --prompts PACK` on the textual-choice example of ../shared/data/seeact/examples, each
against a recording server that answers with the GPT-4V replies recorded beside the example
(prediction-4api.jsonl), compared request by request (`request_diff`), then prediction by prediction and
by the metrics our scorer gives each side's predictions.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import SHARED_DATA
from tests.paper.harness import Comparison, recorded
from tests.paper.original import MODEL, ROOT
from tests.paper.ours import OURS_TIMEOUT_S
from tests.paper.request_diff import diff
from webvoyager.seeact.mind2web import runner

SEEACT = SHARED_DATA / "seeact"
ORIGINAL = SEEACT / "original"
EXAMPLE = SEEACT / "examples" / "textual_choice"
LAUNCHER = Path(__file__).with_name("launch_seeact_original.py")
NAME = "seeact_offline"
# The original writes its predictions here, per step folder (offline_experiment.py's exp_split).
ORIGINAL_PREDICTIONS = "prediction-text_choice.jsonl"
# Six requests without sleeps take seconds; this only stops a hang (the engine's backoff retries forever).
TIMEOUT_S = 180


def seeact_python() -> Path:
    """SeeAct's virtualenv interpreter: $WEBVOYAGER_SEEACT_ORIGINAL_PYTHON, else .venv-seeact-original here
    (made by scripts/setup_original.sh)."""
    configured = os.environ.get("WEBVOYAGER_SEEACT_ORIGINAL_PYTHON")
    return Path(configured) if configured else ROOT / ".venv-seeact-original" / "bin" / "python"


def missing_prerequisites() -> list[str]:
    """What the SeeAct differential test needs and this machine lacks, each with how to get it."""
    missing = []
    if not (ORIGINAL / "src" / "offline_experiments" / "offline_experiment.py").is_file():
        missing.append(f"the original SeeAct code at {ORIGINAL} (set WEBVOYAGER_SHARED_DATA)")
    if not any(EXAMPLE.glob("*/queries.jsonl")):
        missing.append(f"the textual-choice example at {EXAMPLE}")
    if not seeact_python().exists():
        missing.append(f"its virtualenv {seeact_python()} (run scripts/setup_original.sh)")
    return missing


def script() -> tuple[str, ...]:
    """The replies, in request order: per batch the recorded generation, then the recorded grounding."""
    (recorded,) = EXAMPLE.glob("*/prediction-4api.jsonl")
    lines = [json.loads(line) for line in recorded.read_text().splitlines() if line.strip()]
    return tuple(text for line in sorted(lines, key=lambda r: r["multichoice_id"]) for text in line["gpt_output"])


@dataclass(frozen=True)
class OfflineRun:
    """One side's requests and the predictions it wrote ({multichoice_id, gpt_output, prompt} lines)."""

    requests: list[dict[str, Any]]
    predictions: list[dict[str, Any]]


def _copy(folder: Path) -> Path:
    """A writable copy of the original code with the example where the repository keeps it
    (data/examples/textual_choice: offline_experiment.py reads ../../data/examples/ from its own folder
    and writes its predictions beside the queries)."""
    code = folder / "seeact-original"
    shutil.copytree(ORIGINAL, code)
    shutil.copytree(EXAMPLE, code / "data" / "examples" / "textual_choice")
    for path in [code, *code.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)   # the shared copy is read-only
    for stale in code.glob(f"data/examples/textual_choice/*/{ORIGINAL_PREDICTIONS}"):
        stale.unlink()
    return code


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_original(code: Path, recorder_url: str, log: Path) -> list[dict[str, Any]]:
    """The original offline experiment on the example; its predictions."""
    env = dict(os.environ, WEBVOYAGER_RECORDER_URL=recorder_url, WEBVOYAGER_SEEACT_MODEL=MODEL,
               PYTHONUNBUFFERED="1")
    env.pop("PYTHONPATH", None)   # the original imports nothing of ours
    with log.open("w") as out:
        done = subprocess.run([str(seeact_python()), str(LAUNCHER), str(code)], cwd=code, env=env, stdout=out,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=TIMEOUT_S, check=False)
    if done.returncode:
        raise RuntimeError(f"the original offline_experiment.py exited {done.returncode}; see {log}:\n"
                           f"{log.read_text()[-3000:]}")
    (written,) = code.glob(f"data/examples/textual_choice/*/{ORIGINAL_PREDICTIONS}")
    return _lines(written)


def _webvoyager(args: list[str], log: Path) -> None:
    env = dict(os.environ, OPENAI_API_KEY="sk-local-test-key", COLUMNS="200")
    done = subprocess.run([sys.executable, "-m", "webvoyager", *args], env=env, text=True, capture_output=True,
                          stdin=subprocess.DEVNULL, timeout=OURS_TIMEOUT_S, check=False)
    log.write_text(f"$ webvoyager {' '.join(args)}\n{done.stdout}\n{done.stderr}")
    if done.returncode:
        raise RuntimeError(f"webvoyager {args[0]} {args[1]} failed (exit {done.returncode}):\n{done.stdout[-3000:]}\n"
                           f"{done.stderr[-3000:]}")


def import_pack(code: Path, folder: Path) -> Path:
    """`webvoyager protocol import seeact CODE --out folder/seeact-pack`."""
    pack = folder / "seeact-pack"
    _webvoyager(["protocol", "import", "seeact", str(code), "--out", str(pack)], folder / "seeact-pack-import.log")
    return pack


def run_ours(queries: Path, pack: Path, recorder_url: str, report: Path, log: Path) -> list[dict[str, Any]]:
    """`webvoyager mind2web eval --protocol paper --prompts PACK` on the same example; its predictions."""
    _webvoyager(["mind2web", "eval", "--queries", str(queries), "--model", f"openai:{MODEL}", "--base-url",
                 recorder_url, "--protocol", "paper", "--prompts", str(pack), "--out", str(report)], log)
    return _lines(report.with_name(report.stem + ".predictions.jsonl"))


@dataclass(frozen=True)
class OfflineComparison:
    """The requests compared field by field, and what each side's predictions hold and score."""

    requests: Comparison
    original: OfflineRun
    ours: OfflineRun
    original_metrics: list[dict[str, Any]]
    our_metrics: list[dict[str, Any]]


def _metrics(queries: Path, predictions: Path) -> list[dict[str, Any]]:
    """Our scorer's metrics of a predictions file (the original writes predictions, not metrics)."""
    report = runner.score_saved(runner.load_steps(queries, with_screenshots=False), predictions)
    return [m.to_dict() for m in report.metrics]


def compare_offline(folder: Path) -> OfflineComparison:
    """Both sides on the example, each against a recorder answering `script()`."""
    folder.mkdir(parents=True, exist_ok=True)
    code = _copy(folder)
    queries = code / "data" / "examples" / "textual_choice"
    pack = import_pack(code, folder)
    replies = script()
    original_predictions, original_requests = recorded(
        replies, lambda url: run_original(code, url, folder / f"{NAME}-original.log"),
        folder / f"{NAME}-original-requests.json")
    (original_file,) = queries.glob(f"*/{ORIGINAL_PREDICTIONS}")
    report = folder / f"{NAME}-ours.json"
    our_predictions, our_requests = recorded(
        replies, lambda url: run_ours(queries, pack, url, report, folder / f"{NAME}-ours.log"),
        folder / f"{NAME}-ours-requests.json")
    compared, differences = diff(f"{NAME}/requests", original_requests, our_requests)
    return OfflineComparison(
        requests=Comparison(f"{NAME}/requests", compared, differences),
        original=OfflineRun(original_requests, original_predictions),
        ours=OfflineRun(our_requests, our_predictions),
        original_metrics=_metrics(queries, original_file),
        our_metrics=_metrics(queries, report.with_name(report.stem + ".predictions.jsonl")))


def prediction_differences(comparison: OfflineComparison) -> list[str]:
    """Where the two predictions files disagree on a batch's outputs or prompts, and on the metrics."""
    out = []
    original = {p["multichoice_id"]: p for p in comparison.original.predictions}
    ours = {p["multichoice_id"]: p for p in comparison.ours.predictions}
    if sorted(original) != sorted(ours):
        out.append(f"batches: original {sorted(original)}, ours {sorted(ours)}")
    for batch in sorted(set(original) & set(ours)):
        for key in ("gpt_output", "prompt"):
            if original[batch][key] != ours[batch][key]:
                out.append(f"batch {batch} {key} differs")
    if comparison.original_metrics != comparison.our_metrics:
        out.append(f"metrics: original {comparison.original_metrics}, ours {comparison.our_metrics}")
    return out
