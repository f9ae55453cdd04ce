"""`webvoyager report RUN_DIR`: one `report.html` (and `report.csv`) for a run directory.

The HTML is self-contained: inline CSS, an HTML chart (chart.py), no JavaScript, no network. Screenshots are
linked by relative paths (`<task folder>/screenshot3.png`) rather than embedded: a 643-task run holds
thousands of screenshots, and base64 would make the page hundreds of megabytes. The links work when the
file is opened from disk inside its run directory (move the whole folder, not report.html alone).
Each task has its own page (an anchored section shown with CSS `:target`), reached from the index.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape

from webvoyager.bench.rate_sections import rate_sections
from webvoyager.bench.suites.registry import report_sections, suite_paper_sites
from webvoyager.bench.suites.sections import in_paper_order
from webvoyager.runs.imported import read_import_info
from webvoyager.runs.records import TaskRecord, load_records
from webvoyager.runs.calibration import read_calibration
from webvoyager.runs.manifest import read_manifest
from webvoyager.runs.summary import GroupStats, Rate, Summary, read_summary, run_groupings, run_infra_as_failure, run_protocol, summarize
from webvoyager.fileio import write_text_atomic
from webvoyager.report.chart import Bar, bar_chart
from webvoyager.text import csv_row
from webvoyager.trajectory import Step, TaskDir

TEMPLATES = Path(__file__).parent / "templates"
CSV_COLUMNS = ("task_id", "site", "status", "answered", "steps", "success", "signal", "checked", "judged", "golden",
               "answer", "error", "input_tokens", "output_tokens", "cost_usd", "wall_s", "reward", "repeat",
               "infrastructure", "over_claimed")


@dataclass(frozen=True)
class Pointer:
    """Where a step's action acted on the screen, drawn over its screenshot: one point (a click, a move,
    a wheel turn) or a path (a drag), in viewport pixels, and the viewport's size (the drawing's space)."""

    points: tuple[tuple[float, float], ...]
    viewport: tuple[int, int]

    @property
    def path(self) -> str:
        """The points as an SVG polyline's `points` attribute."""
        return " ".join(f"{x:g},{y:g}" for x, y in self.points)


def pointer_of(step: Step, viewport: tuple[int, int]) -> Pointer | None:
    """The screen point(s) of a step's action (coordinate grounding, pixel actions), None for a label."""
    data = step.action_data or {}
    target, path = data.get("target"), data.get("path")
    if isinstance(target, dict) and {"x", "y"} <= target.keys():
        return Pointer(((float(target["x"]), float(target["y"])),), viewport)
    if isinstance(path, list) and path and all(isinstance(p, dict) for p in path):
        return Pointer(tuple((float(p["x"]), float(p["y"])) for p in path), viewport)
    return None


@dataclass(frozen=True)
class StepOutcome:
    """What a step's action did, in a word (`kind`: navigated, typed, blocked, failed, answered, done,
    no action) and a line for the reader (`text`), shown beside the step's screenshot."""

    kind: str
    text: str


def outcome_of(step: Step, url_after: str | None) -> StepOutcome:
    """The outcome of a step's action, from its record and the URL the next step (or the task's end) saw."""
    data = step.action_data or {}
    gate = step.gate
    if gate is not None and gate.choice == "reject":
        who = "a person" if gate.by == "person" else "this run's rules"
        return StepOutcome("blocked", f"blocked by the confirm gate ({who}): {gate.reason}")
    if step.action is None:
        return StepOutcome("no action", f"no action: {step.error or 'the reply held no valid action'}")
    if step.error:
        return StepOutcome("failed", f"failed: {step.error}")
    if gate is not None and gate.choice == "takeover":
        return StepOutcome("done", f"a person took over at the confirm gate: {gate.reason}")
    if data.get("kind") == "answer":
        return StepOutcome("answered", "answered")
    typed = f"typed \u201c{data['text']}\u201d" if isinstance(data.get("text"), str) else ""
    if url_after and url_after != step.url:
        return StepOutcome("navigated", f"{typed + ', then ' if typed else ''}navigated to {_short_url(url_after, step.url)}")
    if typed:
        return StepOutcome("typed", typed)
    return StepOutcome("done", "done, same page")


def _short_url(url: str, base: str) -> str:
    """`url` without its origin when it is `base`'s (the step's heading shows the origin)."""
    target, origin = urlsplit(url), urlsplit(base)
    if (target.scheme, target.netloc) != (origin.scheme, origin.netloc) or not target.netloc:
        return url
    return urlunsplit(("", "", target.path or "/", target.query, target.fragment))


@dataclass
class TaskPage:
    """What the template shows for one task."""

    record: TaskRecord
    anchor: str
    steps: list[Step]
    screenshot_urls: dict[int, str]
    trace_url: str | None = None     # the task's Playwright trace (`--trace`), relative to the report
    pointers: dict[int, Pointer] = field(default_factory=dict)   # by step index
    outlines: dict[int, tuple[int, ...]] = field(default_factory=dict)  # the acted element's box (x, y, w, h)
    outcomes: dict[int, StepOutcome] = field(default_factory=dict)   # by step index
    viewport: tuple[int, int] = (1024, 768)   # the space of the screenshots, points and boxes


def _anchor(dirname: str) -> str:
    return "task-" + dirname


def _task_page(run_dir: Path, rec: TaskRecord, viewport: tuple[int, int]) -> TaskPage:
    folder = run_dir / rec.dirname
    steps = TaskDir(folder).load_steps() if rec.result else []
    urls, pointers, outlines, outcomes = {}, {}, {}, {}
    final_url = rec.result.final_url if rec.result else None
    for i, step in enumerate(steps):
        name = step.screenshot or f"screenshot{step.index}.png"
        if (folder / name).is_file():
            urls[step.index] = f"{quote(rec.dirname)}/{quote(name)}"
        pointer = pointer_of(step, viewport)
        if pointer is not None:
            pointers[step.index] = pointer
        if step.target is not None and step.target.bbox is not None and step.target.bbox[2] > 0:
            outlines[step.index] = tuple(round(v) for v in step.target.bbox)   # whole pixels: a smaller page
        outcomes[step.index] = outcome_of(step, steps[i + 1].url if i + 1 < len(steps) else final_url)
    trace = TaskDir(folder).trace
    trace_url = f"{quote(rec.dirname)}/{quote(trace.name)}" if trace.is_file() else None
    return TaskPage(rec, _anchor(rec.dirname), steps, urls, trace_url, pointers, outlines, outcomes, viewport)


def _viewport(run: dict[str, Any]) -> tuple[int, int]:
    """The run's viewport (the space of its screenshots and points), 1024x768 when run.json has none."""
    value = (run.get("settings") or {}).get("viewport")
    return (int(value[0]), int(value[1])) if isinstance(value, list) and len(value) == 2 else (1024, 768)


@dataclass(frozen=True)
class StatsColumns:
    """Which optional columns of the per-site and per-group tables the run has a signal for (`shown`), and
    for each one left out, what is missing and how to get it (`missing`, one phrase each)."""

    shown: frozenset[str]
    missing: tuple[str, ...]


def stats_columns(summary: Summary, run_dir: Path) -> StatsColumns:
    """The optional columns (checked, judged, golden, tokens, cost) with a signal somewhere in the run."""
    o = summary.overall
    has = {"checked": o.by_signal["checked"].tasks > 0, "judged": o.by_signal["judged"].tasks > 0,
           "golden": o.by_signal["golden"].tasks > 0, "tokens": o.usage.total_tokens > 0,
           "cost": o.cost_usd is not None}
    why = {"checked": "checked: no task has a check of its own",
           "judged": f"judged: not judged yet, run `webvoyager judge run {run_dir} --model MODEL`",
           "golden": "golden: no task has a golden answer",
           "tokens": "tokens: the model reported no token counts",
           "cost": "cost: no prices are known for the model"}
    return StatsColumns(frozenset(k for k, v in has.items() if v), tuple(why[k] for k, v in has.items() if not v))


@dataclass(frozen=True)
class SiteRow:
    """One row of the per-site table: our site, the paper's website it stands for ("" for none), its numbers."""

    name: str
    paper: str
    stats: GroupStats


def site_rows(summary: Summary, paper_sites: dict[str, str]) -> list[SiteRow]:
    """The per-site rows in the paper's order, as the CLI prints them (`sections.in_paper_order`)."""
    return [SiteRow(name, paper_sites.get(name, ""), s) for name, s in in_paper_order(summary, paper_sites)]


def _fmt_pct(rate: Rate) -> str:
    return "–" if rate.rate is None else f"{100 * rate.rate:.1f}%"


def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = _fmt_pct
    env.filters["money"] = lambda v: "–" if v is None else f"${v:.4f}" if v < 1 else f"${v:.2f}"
    env.filters["num"] = lambda v, d=1: "–" if v is None else f"{v:.{d}f}"
    env.filters["share"] = lambda v: "–" if v is None else f"{100 * v:.1f}%"
    env.filters["yesno"] = lambda v: "–" if v is None else ("yes" if v else "no")
    return env


def render_html(run_dir: Path) -> str:
    """The report page for `run_dir`."""
    records = load_records(run_dir)
    previous = read_summary(run_dir)
    summary = summarize(records, run_wall_s=previous.run_wall_s if previous else None, protocol=run_protocol(run_dir),
                        groupings=run_groupings(run_dir), infra_as_failure=run_infra_as_failure(run_dir))
    summary.budget = previous.budget if previous else None   # what the last budgeted bench spent (summary.json)
    run = _json(run_dir / "run.json")
    paper_sites = suite_paper_sites(run.get("suite"))
    sites = site_rows(summary, paper_sites)
    groups = [*((row.name, row.paper, row.stats) for row in sites), ("overall", "", summary.overall)]
    bars = [Bar(name, s.success.rate, f"({s.success.success}/{s.success.tasks})", paper) for name, paper, s in groups]
    return _env().get_template("report.html.j2").render(
        run_dir=run_dir.resolve(), run=run, summary=summary, chart=bar_chart(bars), imported=read_import_info(run_dir),
        site_rows=sites, paper_sites=bool(paper_sites), columns=stats_columns(summary, run_dir),
        suite_sections=report_sections(run.get("suite"), run_dir),
        rate_sections=rate_sections(summary, both_views=summary.protocol == "paper"),
        manifest=read_manifest(run_dir), calibration=read_calibration(run_dir),
        tasks=[_task_page(run_dir, r, _viewport(run)) for r in records],
        label_items=label_items(run_dir, records),
        generated_at=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    )


def label_items(run_dir: Path, records: list[TaskRecord]) -> dict[str, Any]:
    """What the labelling mode (templates/labelling.js) labels: each task row of the report, keyed by its task
    id (`task_id#N` for attempt N > 1 of a repeated run), the key its exported CSV gives `judge agreement`."""
    return {"run": str(run_dir.resolve()),
            "tasks": [{"key": r.label_key, "anchor": _anchor(r.dirname),
                       "answer": (r.result.answer or "")[:200] if r.result else ""} for r in records]}


def render_csv(run_dir: Path) -> str:
    """One row per task (see CSV_COLUMNS)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(csv_row(CSV_COLUMNS))
    for rec in load_records(run_dir):
        r = rec.result
        flag = lambda v: "" if v is None else int(v)  # noqa: E731 - tiny local formatter
        writer.writerow(csv_row([
            rec.task_id, rec.site, rec.status, flag(r.answered) if r else "", r.steps if r else "",
            flag(rec.success), rec.signal or "", flag(rec.checked), flag(rec.judged), flag(rec.golden),
            (r.answer or "") if r else "", (r.error or "") if r else "",
            r.usage.input_tokens if r else "", r.usage.output_tokens if r else "",
            "" if not r or r.usage.cost_usd is None else f"{r.usage.cost_usd:.6f}",
            f"{r.timings.get('wall_s', 0.0):.2f}" if r else "",
            "" if not r or r.reward is None else f"{r.reward:g}",
            rec.repeat, (r.infrastructure or "") if r else "", int(rec.over_claimed),
        ]))
    return out.getvalue()


def build_report(run_dir: Path) -> tuple[Path, Path]:
    """Write report.html and report.csv into `run_dir`; returns their paths."""
    html_path, csv_path = run_dir / "report.html", run_dir / "report.csv"
    write_text_atomic(html_path, render_html(run_dir))
    write_text_atomic(csv_path, render_csv(run_dir))
    return html_path, csv_path


def _json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}
