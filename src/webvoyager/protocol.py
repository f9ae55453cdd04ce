"""The two run protocols: `default` (this project's) and `paper` (the papers' own settings).

`paper` reproduces what the WebVoyager and SeeAct papers ran (their public run scripts and configs),
`default` is what we recommend. Every value on which they differ lives here, in one place, so the
table in docs/DESIGN.md, the settings classes (`api.RunSettings`, `judge.runner.JudgeSettings`,
`bench.runner.BenchOptions`) and the tests read the same numbers.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, fields, replace
from typing import Literal, get_args

from webvoyager.errors import ConfigError

ProtocolName = Literal["default", "paper"]
PROTOCOLS: tuple[ProtocolName, ...] = get_args(ProtocolName)
PolicyName = Literal["webvoyager", "seeact", "cua"]
"""The policies a run can use: WebVoyager's (one call a step), SeeAct's (two stages), or a native
computer-use model's (`cua`: pixel actions on a plain screenshot)."""
POLICIES: tuple[PolicyName, ...] = get_args(PolicyName)


@dataclass(frozen=True)
class AgentValues:
    """What a protocol fixes for the agent run. `stuck_after` None means no loop guard; `seed` None
    means no seed is sent; `unusable_after` None means no limit on consecutive replies without a usable
    action (the papers' code sends each back with the format help until the step budget is gone)."""

    max_steps: int
    context_images: int
    temperature: float | None      # None: not sent (the API's default applies)
    max_tokens: int
    seed: int | None
    stuck_after: int | None
    wait_s: float
    viewport: tuple[int, int]
    unusable_after: int | None = None


GOVERNED: tuple[str, ...] = tuple(f.name for f in fields(AgentValues))
"""The names of the settings whose value a protocol gives (fields of `RunSettings` too)."""

DEFAULT_AGENT = AgentValues(max_steps=15, context_images=3, temperature=1.0, max_tokens=1024, seed=None,
                            stuck_after=3, wait_s=5.0, viewport=(1024, 768), unusable_after=3)
# Computer-use models act in small steps (a click, then the typing, then a key): each call is a loop step, so
# they get a larger budget, and room for their reasoning and batched calls in a reply.
DEFAULT_CUA = replace(DEFAULT_AGENT, max_steps=50, max_tokens=4096)
# WebVoyager's run.sh: --max_iter 15 --max_attached_imgs 3 --temperature 1 --seed 42, max_tokens=1000 in run.py
# (call_gpt4v_api's create() passes model, messages, max_tokens and seed only: its temperature flag is never
# sent, so temperature is None here), 1024x768 window, `time.sleep(5)` for Wait (l. 449).
PAPER_WEBVOYAGER = AgentValues(max_steps=15, context_images=3, temperature=None, max_tokens=1000, seed=42,
                               stuck_after=None, wait_s=5.0, viewport=(1024, 768))
# The README's text-only command: --max_attached_imgs 1 --text_only (one accessibility tree kept in context,
# clip_message_and_obs_text_only in utils.py).
PAPER_WEBVOYAGER_TEXT_ONLY = AgentValues(max_steps=15, context_images=1, temperature=None, max_tokens=1000, seed=42,
                                         stuck_after=None, wait_s=5.0, viewport=(1024, 768))
# SeeAct's online_exp.toml: temperature 0, max_op 30, viewport 1280x720, max_continuous_no_op 2; its engine
# asks for up to 4096 tokens and sends no seed. seeact.py counts a step before its `time_step >= max_op` test,
# so the 30th step's answer is never executed: at most 29 operations run.
PAPER_SEEACT = AgentValues(max_steps=29, context_images=3, temperature=0.0, max_tokens=4096, seed=None,
                           stuck_after=None, wait_s=5.0, viewport=(1280, 720))
SEEACT_PAPER_MAX_NO_OPS = 2


@dataclass(frozen=True)
class SeeActPipeline:
    """How SeeAct turns the candidates into questions. `fixed_batches`: slices of the batch size in turn
    (50 -> 17/17/16) instead of even sizes (16/17/17); `by_position`: candidates sorted by their centre,
    top to bottom then left to right, instead of document order; `som_legend`: the image-annotation labels'
    elements also listed as text; `som_label`: the label's (text, background) colours; `page_ops`: SCROLL
    and GO BACK offered (SeeAct's own tool runs only CLICK, SELECT, TYPE, PRESS ENTER, HOVER, TERMINATE);
    `rank_by_generation`: the ranker's query also holds the stage-1 reply, where the model named its target
    (SeeAct's ranker reads the task and the previous actions only)."""

    fixed_batches: bool
    by_position: bool
    som_legend: bool
    som_label: tuple[tuple[int, int, int], tuple[int, int, int]]
    page_ops: bool
    rank_by_generation: bool


DEFAULT_SEEACT_PIPELINE = SeeActPipeline(fixed_batches=False, by_position=False, som_legend=True,
                                         som_label=((255, 255, 255), (220, 0, 0)), page_ops=True,
                                         rank_by_generation=True)
# seeact.py: `for multichoice_i in range(0, num_choices, step_length)` with step_length 17, candidates sorted
# by (round(centre y), round(centre x)); image_annotation.py: white label text on black, the image only.
PAPER_SEEACT_PIPELINE = SeeActPipeline(fixed_batches=True, by_position=True, som_legend=False,
                                       som_label=((255, 255, 255), (0, 0, 0)), page_ops=False,
                                       rank_by_generation=False)


@dataclass(frozen=True)
class OfflineCrop:
    """How the offline Mind2Web evaluation crops a whole-page screenshot around a batch's candidates, and
    what it asks of the model: `margin` pixels above and below the candidates, at least `min_height` tall,
    JPEG at `quality`, replies of up to `max_tokens`; `every_batch`: every batch is asked (else the first
    whose answer names an element ends the step)."""

    margin: int
    min_height: int
    quality: int
    max_tokens: int
    every_batch: bool = False


DEFAULT_OFFLINE_CROP = OfflineCrop(margin=200, min_height=768, quality=85, max_tokens=1024)
# textual_choices.py: the candidates' top - 1024 to bottom + 1024, written with cv2.imwrite (JPEG quality 95,
# OpenCV's default); inference_engine.py asks for up to 4096 tokens; offline_experiment.py asks every query of
# a step (each batch), whatever the earlier ones answered.
PAPER_OFFLINE_CROP = OfflineCrop(margin=1024, min_height=0, quality=95, max_tokens=4096, every_batch=True)


def offline_crop(protocol: str) -> OfflineCrop:
    """The offline evaluation's crop and reply length under `protocol`."""
    return PAPER_OFFLINE_CROP if check_protocol(protocol) == "paper" else DEFAULT_OFFLINE_CROP


def seeact_pipeline(protocol: str) -> SeeActPipeline:
    """SeeAct's question building under `protocol`."""
    return PAPER_SEEACT_PIPELINE if check_protocol(protocol) == "paper" else DEFAULT_SEEACT_PIPELINE
"""SeeAct (paper): the run stops after this many consecutive steps without an executable operation."""

WAIT_STUCK_S = 15.0
"""Default protocol: a Wait counts towards `stuck` only once this much time was waited on one unchanged page."""

DEFAULT_TASK_TIMEOUT_S = 600.0
"""Default protocol: the wall-clock limit of one task of `run` or `bench` (the paper has none)."""


@dataclass(frozen=True)
class ActionSleeps:
    """Fixed sleeps (seconds) after each action, instead of waiting for the page to settle: only the
    paper protocol has them (the project forbids fixed sleeps anywhere else)."""

    start_page: float        # after the start page loaded
    click: float             # after every click
    submit_click: float      # more after clicking a <button type=submit>
    download: float          # more after a click that added a file to the download folder
    type_after_click: float  # Type: between clicking the field and typing
    type_before_enter: float  # Type: between typing and pressing Enter
    type: float              # after Type (and its Enter)
    wolfram_type: float      # more after Type when the task's start page is on wolfram
    scroll: float
    go_back: float
    search: float            # after Google (the search page loaded)
    failed_action: float     # after an action that failed


# WebVoyager's run.py (line numbers of the commit in ../shared/data/webvoyager/original/SOURCE.md):
PAPER_SLEEPS = ActionSleeps(
    start_page=5.0,          # main(): time.sleep(5) after driver_task.get(task['web']) and the body click (l. 292)
    click=3.0,               # exec_action_click: time.sleep(3) (l. 166)
    submit_click=10.0,       # main(): `if ele_tag_name == 'button' and ele_type == 'submit': time.sleep(10)` (l. 446)
    download=10.0,           # main(): time.sleep(10) "wait for download finish" when the folder changed (l. 434)
    type_after_click=1.0,    # exec_action_type: actions.pause(1) after the click (l. 193)
    type_before_enter=2.0,   # exec_action_type: actions.pause(2) before Keys.ENTER (l. 201)
    type=10.0,               # exec_action_type: time.sleep(10) (l. 205)
    wolfram_type=5.0,        # main(): `if 'wolfram' in task['web']: time.sleep(5)` after Type (l. 464)
    scroll=3.0,              # exec_action_scroll: time.sleep(3) (l. 231)
    go_back=2.0,             # main(): driver_task.back(); time.sleep(2) (l. 474)
    search=2.0,              # main(): driver_task.get('https://www.google.com/'); time.sleep(2) (l. 478)
    failed_action=2.0,       # main(): time.sleep(2) in the action's `except` (l. 495)
)

PAPER_SLEEP_SCALE_ENV = "WEBVOYAGER_PAPER_SLEEP_SCALE"
"""Multiplies every paper sleep (1, unset: the paper's values). The test suite sets it to 0 so that paper
runs do not spend minutes asleep; a run with another scale is logged as not the paper's timing."""


def paper_sleeps() -> ActionSleeps:
    """PAPER_SLEEPS, scaled by $WEBVOYAGER_PAPER_SLEEP_SCALE when it is set (ConfigError if not a number >= 0)."""
    raw = os.environ.get(PAPER_SLEEP_SCALE_ENV, "").strip()
    if not raw:
        return PAPER_SLEEPS
    try:
        scale = float(raw)
    except ValueError:
        scale = -1.0
    if scale < 0:
        raise ConfigError(f"{PAPER_SLEEP_SCALE_ENV}={raw!r} is not a number >= 0; unset it for the paper's sleeps")
    if scale != 1.0:
        logging.getLogger("webvoyager").warning("%s=%g: the paper protocol's fixed sleeps are scaled, so this "
                                                "run's timing is not the paper's", PAPER_SLEEP_SCALE_ENV, scale)
    return replace(PAPER_SLEEPS, **{f.name: getattr(PAPER_SLEEPS, f.name) * scale for f in fields(PAPER_SLEEPS)})


PAPER_USER_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                    "Chrome/119.0.0.0 Safari/537.36")
"""driver_config() in run.py (l. 47): the user agent the original sets when it runs headless."""

PAPER_PDF_CHARS: int | None = None
"""Paper: a downloaded PDF's whole text goes to the model. The original (run.py l. 440,
utils.get_pdf_retrieval_ans_from_assistant) uploads the PDF to OpenAI's Assistants API with retrieval
and asks it the task's question; that API cannot be reached here (and is retired), so the model reads
the whole text itself instead of the Assistant's answer. The default protocol keeps 3,000 characters."""

PAPER_TEXT_ONLY_VIEWPORT_RATIO = 0.6
"""Paper text-only tree: a node is kept when its in-viewport ratio (as the original computes it) is at
least this (utils_webarena.py, IN_VIEWPORT_RATIO_THRESHOLD)."""

PAPER_TEXT_ONLY_SCREEN = (800.0, 600.0)
"""Paper text-only tree: the viewport the original measures nodes against is window.screen, and its
headless Chrome reports the screen it started with, 800x600, after set_window_size made the window
1024x768; so nodes right of x=800 or below y=600 of the page are out of its tree."""


@dataclass(frozen=True)
class JudgeValues:
    """What a protocol fixes for the judge. `images` None means every screenshot of the trajectory;
    `any_not_success_fails`: the original rule (a reply containing NOT SUCCESS anywhere fails) instead of
    reading the last verdict word."""

    images: int | None
    temperature: float
    seed: int | None
    max_tokens: int
    any_not_success_fails: bool


DEFAULT_JUDGE = JudgeValues(images=3, temperature=0.0, seed=None, max_tokens=1024, any_not_success_fails=False)
# WebVoyager's evaluation/auto_eval.py: temperature=0, seed=42, max_tokens=1000; the full trajectory agreed
# best with humans (85.3%, kappa 0.70); `0 if 'NOT SUCCESS' in reply else 1`.
PAPER_JUDGE = JudgeValues(images=None, temperature=0.0, seed=42, max_tokens=1000, any_not_success_fails=True)


def check_protocol(name: str) -> ProtocolName:
    """`name` as a protocol name; ConfigError naming the choices otherwise."""
    if name not in PROTOCOLS:
        raise ConfigError(f"unknown protocol {name!r}; use one of {', '.join(PROTOCOLS)} "
                          "(paper: the papers' own settings; default: ours)")
    return name  # type: ignore[return-value]


def task_timeout_for(protocol: str, explicit: float | None = None) -> float | None:
    """The per-task wall-clock limit of `run` and `bench`: `explicit`, else 600 s; the paper protocol has
    none (and refuses one)."""
    if check_protocol(protocol) == "paper":
        if explicit is not None:
            raise ConfigError("the paper protocol has no per-task timeout; drop --task-timeout, or use "
                              "--protocol default to set one")
        return None
    if explicit is not None and explicit <= 0:
        raise ConfigError("--task-timeout must be a positive number of seconds")
    return DEFAULT_TASK_TIMEOUT_S if explicit is None else explicit


def check_policy(name: str) -> PolicyName:
    """`name` as a policy name; ConfigError naming the choices otherwise."""
    if name not in POLICIES:
        raise ConfigError(f"unknown policy {name!r}; use one of {', '.join(POLICIES)}")
    return name  # type: ignore[return-value]


def agent_values(protocol: str, policy: str, *, text_only: bool = False) -> AgentValues:
    """The agent values of `protocol` for `policy` (webvoyager, seeact or cua), in text-only mode or not."""
    if check_protocol(protocol) == "default":
        return DEFAULT_CUA if policy == "cua" else DEFAULT_AGENT
    if policy == "cua":
        raise ConfigError("computer-use models have no paper protocol to reproduce: run --policy cua with "
                          "--protocol default")
    if policy == "seeact":
        return PAPER_SEEACT
    return PAPER_WEBVOYAGER_TEXT_ONLY if text_only else PAPER_WEBVOYAGER


def judge_values(protocol: str) -> JudgeValues:
    """The judge values of `protocol`."""
    return PAPER_JUDGE if check_protocol(protocol) == "paper" else DEFAULT_JUDGE
