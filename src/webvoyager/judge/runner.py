"""Judging a whole run directory: in parallel, resumable, one `judgement.json` per task.

`judgement.json` holds the latest judge's decision (the one summary.json and the report use); every
judge's own copy is also kept in `judgements/<judge>--<model>.json` (the judge being the method, with
`-paper` under the paper protocol), so two judges of the same run can be compared
(`judge agreement ... --run RUN_DIR@JUDGE/MODEL`).

A task already judged by the same judge and model (with a verdict; for webjudge, at the same
threshold) is skipped unless `force`; a task whose earlier judgement was an error is judged again. `summary.json` is rewritten at the end.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Union

from webvoyager.errors import ConfigError, ModelError
from webvoyager.judge.evidence import load_evidence, run_used_pack
from webvoyager.judge.methods import METHODS, JudgeRules, judge_task
from webvoyager.judge.webjudge import DEFAULT_THRESHOLD, SCORES
from webvoyager.models.base import ChatModel
from webvoyager.packs import OUR_WORDING, ProtocolPack, load_pack
from webvoyager.prompts import prompt_from_file
from webvoyager.protocol import check_protocol, judge_values
from webvoyager.runs.judgements import Judgement, archive_path, judge_name, load_judgement
from webvoyager.runs.records import load_records
from webvoyager.runs.summary import write_summary
from webvoyager.trajectory import TaskDir

log = logging.getLogger("webvoyager.judge")

Images = Union[int, str, None]
"""How many of the last screenshots a judge sees: K, "all", or None for the protocol's (3; paper: all)."""


@dataclass(frozen=True)
class JudgeSettings:
    """How to judge: method, protocol, how many of the last screenshots, parallelism, re-judging, the
    user's own instructions (`prompt`: a text file replacing the method's system prompt), a prompt pack,
    and webjudge's screenshot threshold."""

    method: str = "webvoyager"
    protocol: str = "default"
    images: Images = None
    workers: int = 4
    force: bool = False
    prompt: str | None = None
    prompts: str | None = None     # a prompt pack folder: the original evaluator's own prompt and layout
    threshold: int | None = None   # webjudge: the screenshot score kept for the outcome (None: 3)

    def validate(self) -> JudgeSettings:
        if self.protocol in METHODS:
            raise ConfigError(f"--protocol chooses default or paper; the judging method is now chosen with "
                              f"--method (e.g. --method {self.protocol})")
        check_protocol(self.protocol)
        if self.method not in METHODS:
            raise ConfigError(f"unknown judging method {self.method!r}; use one of {', '.join(METHODS)}")
        self._check_webjudge()
        if self.protocol == "paper":
            if self.method != "webvoyager":
                raise ConfigError("the paper protocol has the WebVoyager evaluator only: use --method webvoyager, "
                                  "or --protocol default for the keypoints judge")
            if self.images not in (None, "all"):
                raise ConfigError("the paper protocol shows the judge the whole trajectory; drop --images, or use "
                                  "--protocol default to choose how many screenshots it sees")
        limit = self.image_limit
        if limit is not None and limit < 1:
            raise ConfigError("--images must be a positive number or 'all'")
        if self.workers < 1:
            raise ConfigError("--workers must be at least 1")
        if self.prompt is not None:
            prompt_from_file(self.prompt)
        if self.prompts is not None:
            if self.protocol != "paper" and self.method != "webjudge":
                raise ConfigError("--prompts PACK holds the paper evaluator's wording: use it with --protocol paper, "
                                  "or drop --prompts")
            self.load_pack()
        return self

    def _check_webjudge(self) -> None:
        """WebJudge's own options: --threshold 1..5 (for it only), no --images (it scores every screenshot),
        the default protocol."""
        if self.method != "webjudge":
            if self.threshold is not None:
                raise ConfigError("--threshold is the screenshot score of --method webjudge; drop it, or use "
                                  "--method webjudge")
            return
        if self.threshold is not None and self.threshold not in SCORES:
            raise ConfigError(f"--threshold must be a score from {SCORES[0]} to {SCORES[-1]} (screenshots scored at "
                              f"or above it are shown to the outcome stage), got {self.threshold}")
        if self.protocol != "default":
            raise ConfigError("webjudge has one protocol, Online-Mind2Web's own steps: drop --protocol paper "
                              "(an Online-Mind2Web pack, --prompts PACK, gives its original wording)")
        if self.images is not None:
            raise ConfigError("webjudge scores every screenshot and shows the outcome stage those scored at or "
                              "above --threshold: drop --images")

    @property
    def score_threshold(self) -> int | None:
        """The webjudge threshold in effect (3 unless given); None for the other methods."""
        if self.method != "webjudge":
            return None
        return DEFAULT_THRESHOLD if self.threshold is None else self.threshold

    def load_pack(self) -> ProtocolPack | None:
        """The prompt pack, checked (ConfigError when missing or changed), or None without `prompts`: an
        Online-Mind2Web pack for webjudge, a WebVoyager pack for the other methods."""
        if self.prompts is None:
            return None
        return load_pack(self.prompts, protocol="online-mind2web" if self.method == "webjudge" else "webvoyager")

    @property
    def wording(self) -> str:
        """Whose judge prompt is sent: ours, or the paper's from the pack."""
        if self.method == "webjudge":
            pack = self.load_pack()
            return "ours" if pack is None else f"Online-Mind2Web's, from prompt pack {pack.folder}"
        if self.protocol != "paper":
            return "ours"
        pack = self.load_pack()
        return OUR_WORDING if pack is None else f"the paper's, from prompt pack {pack.folder}"

    @property
    def judge(self) -> str:
        """The judge's name (its method, with `-paper` under the paper protocol)."""
        return judge_name(self.method, self.protocol)

    @property
    def image_limit(self) -> int | None:
        """The screenshots shown: the newest K, or None for all of them."""
        if self.images is None:
            return judge_values(self.protocol).images
        return None if self.images == "all" else int(self.images)

    def rules(self) -> JudgeRules:
        own = prompt_from_file(self.prompt).text if self.prompt is not None else None
        return JudgeRules(protocol=self.protocol, values=judge_values(self.protocol), images=self.image_limit,
                          system_prompt=own, pack=self.load_pack(), threshold=self.score_threshold or DEFAULT_THRESHOLD)


@dataclass
class JudgeReport:
    """What a judging pass did."""

    judged: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)
    success: int = 0


def parse_images(value: str | None) -> Images:
    """`--images K|all` to an int or "all" (None when not given: the protocol's)."""
    if value is None:
        return None
    if value.strip().lower() == "all":
        return "all"
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"--images must be a number or 'all', got {value!r}") from None


async def judge_run(run_dir: Path, model: ChatModel, settings: JudgeSettings,
                    on_done: Callable[[Judgement], None] | None = None) -> JudgeReport:
    """Judge every finished task of `run_dir`; returns what was judged, skipped and failed."""
    settings.validate()
    rules = settings.rules()
    report = JudgeReport()
    todo: list[Path] = []
    for rec in load_records(run_dir):
        if rec.result is None:
            continue
        folder = run_dir / rec.dirname
        old = load_judgement(archive_path(folder, settings.judge, model.spec)) or \
            load_judgement(TaskDir(folder).judgement)
        if (not settings.force and old is not None and old.verdict is not None
                and old.judge == settings.judge and old.model == model.spec
                and old.threshold == settings.score_threshold):
            report.skipped.append(rec.task_id)
            continue
        todo.append(folder)
    gate = asyncio.Semaphore(settings.workers)
    # a WebVoyager pack's run never showed the screenshots after a failed step (evidence.load_evidence)
    sent_only = rules.pack is not None and rules.pack.protocol == "webvoyager" and run_used_pack(run_dir)

    async def one(folder: Path) -> None:
        async with gate:
            ev = load_evidence(folder, sent_only=sent_only)
            try:
                judgement = await judge_task(ev, model, method=settings.method, rules=rules)
            except ModelError as exc:
                judgement = Judgement(task_id=ev.task_id, method=settings.method, protocol=settings.protocol,
                                      model=model.spec, verdict=None, error=f"model call failed: {exc}",
                                      threshold=settings.score_threshold)
            judgement.save(archive_path(folder, settings.judge, model.spec))
            judgement.save(TaskDir(folder).judgement)
            if judgement.verdict is None:
                report.errors[ev.task_id] = judgement.error or "no verdict"
            else:
                report.judged.append(ev.task_id)
                report.success += int(bool(judgement.success))
            if on_done is not None:
                on_done(judgement)

    await asyncio.gather(*(one(f) for f in todo))
    write_summary(run_dir)
    return report
