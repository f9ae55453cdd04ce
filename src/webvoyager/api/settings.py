"""`RunSettings`: how the agent runs a task, shared by `run`, `bench` and the Python API.

The protocol (`default` or `paper`, see `webvoyager.protocol`) gives the values of the settings it
governs (steps, context images, sampling, loop guard, Wait, viewport). Leave those fields at None to
get the protocol's value; in the paper protocol a different explicit value is refused, so a run recorded
as `paper` always ran the papers' settings. After construction every governed field holds its value
(`values` gives them typed).

Settings are checked when they are made (`__post_init__`, so also after `dataclasses.replace`): a value
out of range or a combination that cannot run (SeeAct without screenshots, a trace with secrets) is a
ConfigError before any browser starts. `validate()` adds what depends on the machine (the system prompt
file, the secret environment variables); `execute_task`, `run_task` and `run_bench` call it.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from webvoyager.agent.gate import GATE_MODES, GateMode
from webvoyager.agent.loop import LoopRules
from webvoyager.agent.redact import Redactor
from webvoyager.browser.downloads import DEFAULT_DOWNLOAD_MAX_MB
from webvoyager.browser.types import HEADLESS_MODES, BrowserConfig, HeadlessMode
from webvoyager.errors import ConfigError
from webvoyager.models.image_encoding import Detail, ImageFormat, ImageOptions
from webvoyager.packs import OUR_WORDING, ProtocolPack, load_pack
from webvoyager.prompts import Prompt, prompt_from_file
from webvoyager.protocol import (GOVERNED, PAPER_PDF_CHARS, PAPER_USER_AGENT, POLICIES, SEEACT_PAPER_MAX_NO_OPS,
                                 AgentValues, PolicyName, ProtocolName, agent_values, check_policy, check_protocol,
                                 paper_sleeps)
from webvoyager.seeact.grounding import GroundingMode, check_grounding
from webvoyager.tasks import Task

__all__ = ["GOVERNED", "POLICIES", "RunSettings"]


@dataclass(frozen=True)
class RunSettings:
    """How the agent runs a task (shared by `run`, `bench` and the Python API)."""

    policy: PolicyName = "webvoyager"
    protocol: ProtocolName = "default"  # "default" (ours) or "paper" (the papers' own settings)
    # The protocol's fields: None when constructed means "the protocol's value", never None afterwards
    # (but seed and stuck_after, where None means "no seed sent" and "no loop guard").
    max_steps: int | None = None        # 15 (SeeAct paper: 29 executed of its max_op 30); `default`: a task's own wins
    context_images: int | None = None   # 3: newest observations with screenshot + text
    text_only: bool = False             # accessibility tree instead of screenshots
    temperature: float | None = None    # 1.0 (SeeAct paper: 0)
    max_tokens: int | None = None       # 1024 (paper: 1000; SeeAct paper: 4096)
    seed: int | None = None             # not sent (WebVoyager paper: 42)
    allowed_domains: tuple[str, ...] = ()   # empty: every domain allowed
    stuck_after: int | None = None      # 3 identical steps on an unchanged page -> "stuck"; paper: no guard
    wait_s: float | None = None         # 5: Wait waits this long at most (paper: exactly)
    viewport: tuple[int, int] | None = None  # 1024x768 (SeeAct paper: 1280x720)
    unusable_after: int | None = None   # 3 replies in a row without a usable action -> "unusable"; paper: no limit
    grounding: GroundingMode = "choice"  # SeeAct grounding strategy
    secrets: tuple[str, ...] = ()       # values redacted from every file, log and model request
    headless: bool = True
    headless_mode: HeadlessMode = "shell"   # headless Chromium's headless shell, or the full browser's "new" mode
    secret_env: tuple[str, ...] = ()    # env var names: secret, and typed by the model as {{NAME}}
    confirm: GateMode = "allow"         # consequential actions (buy, send, delete, secrets): allow|ask|deny
    system_prompt: str | None = None    # path of a text file used as the system prompt, as is
    trace: bool = False                 # a Playwright trace per task (trace.zip in the task folder)
    prompts: str | None = None          # a prompt pack folder (`protocol import`): the paper's own wording
    download_max_mb: int = DEFAULT_DOWNLOAD_MAX_MB   # MiB kept (and read) of one download; the rest is dropped
    # How screenshots are sent (models/image_encoding.py); not under the paper protocol or --policy cua:
    image_format: ImageFormat = "png"   # png, or jpeg (CLI: --image-format jpeg[:QUALITY])
    image_quality: int | None = None    # JPEG quality 1-100 (None: 85)
    image_scale: float = 1.0            # both sides scaled by this before sending (0 < F <= 1)
    image_detail: Detail | None = None  # OpenAI's detail level for every image (None: the policy's, high)
    cache: str | None = None            # an action cache folder (--cache): successful tasks replayed without the model
    standin_latency_s: float = 0.0      # seconds an offline stand-in takes to answer (--latency; 0: at once)

    def __post_init__(self) -> None:
        values = agent_values(check_protocol(self.protocol), check_policy(self.policy), text_only=self.text_only)
        if self.protocol == "paper":
            clashes = [f"{name}={getattr(self, name)!r} (the paper's is {getattr(values, name)!r})"
                       for name in GOVERNED if getattr(self, name) is not None
                       and _norm(getattr(self, name)) != _norm(getattr(values, name))]
            if clashes:
                raise ConfigError(f"the paper protocol fixes {', '.join(clashes)}; leave them out to reproduce "
                                  "the paper, or use protocol 'default' to change them")
        for name in GOVERNED:
            if getattr(self, name) is None:
                object.__setattr__(self, name, getattr(values, name))
            elif name == "viewport":
                object.__setattr__(self, name, tuple(getattr(self, name)))
        self._check_values()

    def _check_values(self) -> None:
        """ConfigError for a value out of range or a combination of settings that cannot run."""
        check_grounding(self.grounding)
        if self.headless_mode not in HEADLESS_MODES:
            raise ConfigError(f"unknown headless mode {self.headless_mode!r}; use shell (Chromium's headless shell) "
                              "or new (the full browser's headless mode)")
        if self.confirm not in GATE_MODES:
            raise ConfigError(f"unknown confirm mode {self.confirm!r}; use one of {', '.join(GATE_MODES)}")
        values = self.values
        if values.max_steps < 1:
            raise ConfigError(f"max_steps must be at least 1 (got {values.max_steps})")
        if values.context_images < 1:
            raise ConfigError(f"context_images must be at least 1 (got {values.context_images})")
        if values.stuck_after is not None and values.stuck_after < 2:
            raise ConfigError(f"stuck_after must be at least 2 (got {values.stuck_after})")
        if values.unusable_after is not None and values.unusable_after < 1:
            raise ConfigError(f"unusable_after must be at least 1 (got {values.unusable_after})")
        if self.download_max_mb < 1:
            raise ConfigError(f"download_max_mb must be at least 1 (got {self.download_max_mb})")
        if not 0 <= self.standin_latency_s <= 600:
            raise ConfigError(f"--latency must be between 0 and 600 seconds (got {self.standin_latency_s})")
        if values.wait_s <= 0:
            raise ConfigError(f"wait_s must be a positive number of seconds (got {values.wait_s})")
        if self.policy == "cua" and self.text_only:
            raise ConfigError("computer-use models act on screenshots, so --policy cua cannot run --text-only; "
                              "drop --text-only")
        if self.policy == "seeact" and self.text_only:
            raise ConfigError("the SeeAct policy needs screenshots (it describes the page from one), so it cannot "
                              "run --text-only; drop --text-only, or use --policy webvoyager")
        self._check_images()
        if self.cache is not None and self.policy == "cua":
            raise ConfigError("--cache replays actions on elements found again by what they show; a computer-use "
                              "model acts on screen points, which name no element: drop --cache, or use --policy "
                              "webvoyager or seeact")
        if self.trace and (self.secret_env or self.secrets):
            raise ConfigError("--trace cannot be used with secrets (--secret-env): a Playwright trace records "
                              "every typed character and page snapshot unredacted; drop --trace, or run "
                              "without secrets")
        if self.prompts is not None:
            if not self.paper:
                raise ConfigError("--prompts PACK holds a paper's wording: use it with --protocol paper, or drop "
                                  "--prompts")
            if self.policy == "seeact" and self.grounding != "choice":
                raise ConfigError("a SeeAct pack words SeeAct's online tool, which asks textual choices only: use "
                                  "--grounding choice with --prompts, or drop --prompts")
            self.load_pack()   # the policy's paper, present and unchanged (its sha256s), or a ConfigError now

    @property
    def image_options(self) -> ImageOptions:
        """The image fields as one value (ConfigError for a value out of range)."""
        return ImageOptions(self.image_format, self.image_quality, self.image_scale, self.image_detail)

    def _check_images(self) -> None:
        if self.image_options.default:
            return
        given = "--image-format, --image-scale and --image-detail"
        if self.paper:
            raise ConfigError(f"the paper protocol sends its screenshots as the originals did (full-size PNG, no "
                              f"detail level chosen); drop {given}, or use --protocol default to change them")
        if self.policy == "cua":
            raise ConfigError("computer-use vendors fix the screenshot: the adapter sends it at the size the vendor "
                              "answers in and maps every point back through that size, so --policy cua takes no "
                              f"{given}; drop them")
        if self.text_only:
            raise ConfigError(f"--text-only sends no screenshots; drop {given}")

    @property
    def values(self) -> AgentValues:
        """The protocol-governed values this run uses, typed (the fields of the same names)."""
        return AgentValues(**{name: getattr(self, name) for name in GOVERNED})

    @property
    def paper(self) -> bool:
        return self.protocol == "paper"

    def validate(self) -> RunSettings:
        """Also check what depends on this machine (ConfigError): the system prompt file can be read and
        every `secret_env` variable is set. Returns self."""
        if self.system_prompt is not None:
            self.load_system_prompt()
        missing = [name for name in self.secret_env if name not in os.environ]
        if missing:
            raise ConfigError(f"secret environment variable(s) {', '.join(missing)} not set; export them before "
                              "the run (their values are typed where the task says {{NAME}})")
        return self

    def steps_for(self, task: Task) -> int:
        """The step budget of `task`: its own max_steps wins in the default protocol; the paper's is fixed."""
        steps = self.values.max_steps
        return steps if self.paper else (task.max_steps or steps)

    def loop_rules(self) -> LoopRules:
        """When the loop stops early: the loop guard and WebVoyager's limit on unusable replies (not in the
        paper protocol), SeeAct's no-op rule (paper). SeeAct's replies without an operation are its
        no-ops, which the default protocol lets run to the step budget, so the unusable limit is not
        applied to them."""
        no_ops = SEEACT_PAPER_MAX_NO_OPS if self.paper and self.policy == "seeact" else None
        unusable = self.unusable_after if self.policy == "webvoyager" else None
        return LoopRules(stuck_after=self.stuck_after, max_no_ops=no_ops, unusable_after=unusable)

    @property
    def paper_webvoyager(self) -> bool:
        """The WebVoyager paper's browser: its discovery, marks, text, tree, timing, Type and fingerprint."""
        return self.paper and self.policy == "webvoyager"

    def new_browser_config(self, **fields: Any) -> BrowserConfig:
        """A BrowserConfig for this run when the caller gives none: headless (and how) as these settings say."""
        return BrowserConfig(headless=self.headless, headless_mode=self.headless_mode, **fields)

    def launch_config(self, base: BrowserConfig) -> BrowserConfig:
        """`base` with what this run needs when its browser is launched: the paper's scrollbars (a launch
        flag in headless Chromium, see browser/launch.py)."""
        return replace(base, scrollbars=True) if self.paper_webvoyager else base

    def browser_config(self, base: BrowserConfig) -> BrowserConfig:
        """`base` with this run's per-session settings: viewport, Wait, the marks' style, candidates' scope,
        the download limit (both protocols: it bounds memory and disk, not the agent's behaviour),
        and under the WebVoyager paper its scrollbars, user agent (headless only, as the original),
        fixed sleeps, Type and whole PDFs (values in webvoyager.protocol)."""
        values = self.values
        config = replace(base, viewport=values.viewport, wait_s=values.wait_s, wait_for_change=not self.paper,
                         som_style="paper" if self.paper_webvoyager else "default",
                         whole_page=self.paper and self.policy == "seeact",
                         download_max_bytes=self.download_max_mb << 20)
        if not self.paper_webvoyager:
            return config
        return replace(config, scrollbars=True, user_agent=PAPER_USER_AGENT if base.headless else base.user_agent,
                       sleeps=paper_sleeps(), paper_actions=True, pdf_excerpt_chars=PAPER_PDF_CHARS)

    def load_system_prompt(self) -> Prompt | None:
        """The user's system prompt file, if one is set (ConfigError when it is missing or empty)."""
        return prompt_from_file(self.system_prompt) if self.system_prompt is not None else None

    def load_pack(self) -> ProtocolPack | None:
        """The prompt pack, checked (ConfigError when missing, changed or of the other policy's paper), or
        None without `prompts`."""
        if self.prompts is None:
            return None
        return load_pack(self.prompts, protocol="seeact" if self.policy == "seeact" else "webvoyager")

    @property
    def wording(self) -> str:
        """Whose prompts the model reads: ours, or the paper's from the pack (said on screen and in run.json,
        since paper settings with our wording are not comparable with the published numbers)."""
        if not self.paper:
            return "ours"
        pack = self.load_pack()
        if pack is None:
            return OUR_WORDING
        return f"the paper's, from prompt pack {pack.folder} (commit {pack.commit or 'unknown'})"

    def placeholders(self) -> dict[str, str]:
        """{{NAME}} → value of each `secret_env` variable (read now, never stored in the settings)."""
        return {name: os.environ[name] for name in self.secret_env if name in os.environ}

    def run_secrets(self) -> tuple[str, ...]:
        """The values this run marks secret: `secrets` and the `secret_env` values (the ones a page can
        show, since only these are typed; the session masks them in screenshots)."""
        return (*self.secrets, *self.placeholders().values())

    def redactor(self) -> Redactor:
        """Redacts env secrets (API keys, tokens) and the run's own secrets (`run_secrets`)."""
        return Redactor.from_env(self.run_secrets())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready settings for run.json; secret values are never written, only their count."""
        data = asdict(self)
        data["secrets"] = len(self.secrets)
        data["secret_env"] = list(self.secret_env)  # names only
        data["allowed_domains"] = list(self.allowed_domains)
        data["viewport"] = list(self.values.viewport)
        data["loop_guard"] = self.stuck_after is not None
        data["wait"] = "fixed" if self.paper else "until the page changes"
        if self.system_prompt is not None:
            data["system_prompt"] = str(Path(self.system_prompt))
        pack = self.load_pack()
        if pack is not None:
            data["prompts"] = pack.record()
        data["wording"] = self.wording
        return data


def _norm(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
