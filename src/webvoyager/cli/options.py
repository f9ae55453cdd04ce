"""Command-line options shared by the commands that run the agent (`run`, `bench`), and `--protocol`
(also used by `judge`).

Each option is declared once here as an `Annotated` type. `@with_agent_options` adds every agent option
to a command and hands it an `AgentOptions`, whose `settings()` builds the `RunSettings`, so `run` and
`bench` cannot drift apart. Options the protocol governs default to None: the protocol's value.
"""

from __future__ import annotations

import functools
import inspect
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional, TypeVar

import typer

if TYPE_CHECKING:
    from webvoyager.api.settings import RunSettings

MODEL_HELP = ("openai:MODEL, anthropic:MODEL, gemini:MODEL, scripted:PATH, human or reference "
              "(default: from OPENAI_API_KEY / ANTHROPIC_API_KEY).")

Model = Annotated[Optional[str], typer.Option("--model", help=MODEL_HELP)]
BaseUrl = Annotated[Optional[str], typer.Option("--base-url", help="OpenAI-compatible server (vLLM, Ollama...), or the provider's proxy.")]
Out = Annotated[Optional[Path], typer.Option("--out", help="Run directory (default runs/<command>-<time>).")]
Policy = Annotated[str, typer.Option("--policy", help="webvoyager, seeact, or cua (a computer-use model acting by screen points: anthropic:MODEL, gemini:MODEL).")]
Grounding = Annotated[str, typer.Option("--grounding", help="SeeAct grounding: choice, som, attributes, "
                                        "coordinates.")]
ProtocolOpt = Annotated[str, typer.Option("--protocol", help="default (ours) or paper (the papers' own settings, "
                                          "fixed; see docs/DESIGN.md).")]
MaxSteps = Annotated[Optional[int], typer.Option("--max-steps", min=1, help="Model calls per task at most "
                                                 "(default 15; SeeAct paper: 30).")]
ContextImages = Annotated[Optional[int], typer.Option("--context-images", min=1, help="Newest observations that "
                                                      "keep their screenshot (default 3).")]
TextOnly = Annotated[bool, typer.Option("--text-only", help="Accessibility tree instead of screenshots.")]
Temperature = Annotated[Optional[float], typer.Option("--temperature", help="Sampling temperature sent to the model "
                                                      "(default 1; SeeAct paper: 0).")]
Seed = Annotated[Optional[int], typer.Option("--seed", help="Sampling seed (providers that support it) "
                                             "(default none; WebVoyager paper: 42).")]
AllowedDomain = Annotated[list[str], typer.Option("--allowed-domain",
                                                  help="Only these domains (and subdomains) may load; repeatable.")]
StuckAfter = Annotated[Optional[int], typer.Option("--stuck-after", min=2, help="Identical steps on an unchanged page "
                                                   "before stopping as stuck (default 3; paper: no loop guard).")]
UnusableAfter = Annotated[Optional[int], typer.Option("--unusable-after", min=1, help="Replies in a row without a "
                                                      "usable action before stopping as unusable (default 3; "
                                                      "paper: no limit).")]
DownloadMaxMb = Annotated[Optional[int], typer.Option("--download-max-mb", min=1, help="MiB kept and read of one "
                                                      "download; the rest is dropped and the model told "
                                                      "(default 20).")]
WaitTimeout = Annotated[Optional[float], typer.Option("--wait-timeout", min=0.1, help="Seconds a Wait action waits "
                                                      "at most for the page to change (default 5; paper: exactly 5).")]
SystemPrompt = Annotated[Optional[Path], typer.Option("--system-prompt", help="A text file to send as the system "
                                                      "prompt instead of ours, as is (e.g. the original one).")]
SecretEnv = Annotated[list[str], typer.Option("--secret-env", help="Name of an env var holding a secret: redacted "
                                              "everywhere; write {{NAME}} in the task where the agent must type it "
                                              "(the model never sees the value); repeatable.")]
Trace = Annotated[bool, typer.Option("--trace", help="Record a Playwright trace per task (trace.zip in the task "
                                      "folder, linked from the report; open with `playwright show-trace`). "
                                      "Not with --secret-env.")]
Prompts = Annotated[Optional[Path], typer.Option("--prompts", help="With --protocol paper: a prompt pack (made by "
                                                "`webvoyager protocol import webvoyager|seeact PATH` from your "
                                                "clone of the original code; the policy's paper); the model reads "
                                                "the paper's own wording. Without it, paper runs use our wording.")]
ImageFormatOpt = Annotated[str, typer.Option("--image-format", help="How screenshots are sent: png, or jpeg[:QUALITY] "
                                             "(1-100, default 85). Not with --protocol paper or --policy cua.")]
ImageScale = Annotated[float, typer.Option("--image-scale", help="Scale screenshots by F (0 < F <= 1) before sending; "
                                           "SeeAct's coordinates are mapped back. Not with --protocol paper or "
                                           "--policy cua.")]
ImageDetail = Annotated[Optional[str], typer.Option("--image-detail", help="OpenAI's image detail level for every "
                                                    "screenshot: low, high or auto (default high). OpenAI models "
                                                    "only.")]
Cache = Annotated[Optional[Path], typer.Option("--cache", help="An action cache folder: a task that succeeds "
                                             "stores its steps there; a later run replays them without model calls "
                                             "while the page matches, and the model takes over (and the cache heals) "
                                             "at the first step that does not.")]
Latency = Annotated[float, typer.Option("--latency", help="Seconds each answer of an offline stand-in (reference, "
                                       "gullible) takes, as a served model's would: to measure a bench at real "
                                       "model latency without a model (default 0).")]
Headed = Annotated[bool, typer.Option("--headed", help="Show the browser window.")]
HeadlessModeOpt = Annotated[str, typer.Option("--headless-mode", help="shell (Chromium's headless shell, as "
                                              "Playwright runs it: PDFs download) or new (the full browser's "
                                              "headless mode: PDFs open in its viewer; about 2.4x the CPU per "
                                              "step) (default shell).")]
TaskTimeout = Annotated[Optional[float], typer.Option("--task-timeout", help="Wall-clock limit per task, seconds "
                                                      "(default 600; paper: none).")]
Confirm = Annotated[Optional[str], typer.Option(
    "--confirm", help="Consequential actions (buying, sending, deleting, entering passwords, payment details or "
    "secrets): ask (a person at the terminal approves, rejects or takes over), deny, or allow. Default: ask for run, "
    "the suite's own for bench (allow for the local sandbox and MiniWoB++, deny for the others).")]


F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class AgentOptions:
    """The agent options of one command invocation, as parsed by Typer (None: the protocol's value)."""

    policy: str = "webvoyager"
    protocol: str = "default"
    grounding: str = "choice"
    max_steps: int | None = None
    context_images: int | None = None
    text_only: bool = False
    temperature: float | None = None
    seed: int | None = None
    allowed_domain: tuple[str, ...] = ()
    stuck_after: int | None = None
    unusable_after: int | None = None
    download_max_mb: int | None = None
    wait_timeout: float | None = None
    system_prompt: Path | None = None
    secret_env: tuple[str, ...] = ()
    headed: bool = False
    headless_mode: str = "shell"
    confirm: str | None = None
    trace: bool = False
    prompts: Path | None = None
    image_format: str = "png"
    image_scale: float = 1.0
    image_detail: str | None = None
    cache: Path | None = None
    latency: float = 0.0

    def settings(self, *, default_confirm: str = "ask") -> RunSettings:
        """The validated RunSettings these options describe (ConfigError when they cannot work);
        `default_confirm` is the confirm mode when --confirm is not given."""
        from webvoyager.api.settings import RunSettings
        from webvoyager.models.image_encoding import parse_image_format
        from webvoyager.protocol import check_policy, check_protocol
        from webvoyager.seeact.grounding import check_grounding

        image_format, image_quality = parse_image_format(self.image_format)
        return RunSettings(policy=check_policy(self.policy), protocol=check_protocol(self.protocol),
                           grounding=check_grounding(self.grounding),
                           max_steps=self.max_steps, context_images=self.context_images, text_only=self.text_only,
                           temperature=self.temperature, seed=self.seed,
                           allowed_domains=tuple(self.allowed_domain), stuck_after=self.stuck_after,
                           unusable_after=self.unusable_after,
                           **({"download_max_mb": self.download_max_mb} if self.download_max_mb else {}),
                           wait_s=self.wait_timeout, secret_env=tuple(self.secret_env), headless=not self.headed,
                           headless_mode=self.headless_mode,  # type: ignore[arg-type]
                           confirm=self.confirm or default_confirm,  # type: ignore[arg-type]
                           system_prompt=str(self.system_prompt) if self.system_prompt else None,
                           trace=self.trace, prompts=str(self.prompts) if self.prompts else None,
                           image_format=image_format, image_quality=image_quality, image_scale=self.image_scale,
                           image_detail=self.image_detail,
                           cache=str(self.cache) if self.cache else None,
                           standin_latency_s=self.latency).validate()  # type: ignore[arg-type]


_OPTION_TYPES: dict[str, Any] = {
    "policy": Policy, "protocol": ProtocolOpt, "grounding": Grounding, "max_steps": MaxSteps,
    "context_images": ContextImages, "text_only": TextOnly, "temperature": Temperature, "seed": Seed,
    "allowed_domain": AllowedDomain, "stuck_after": StuckAfter, "unusable_after": UnusableAfter,
    "download_max_mb": DownloadMaxMb, "wait_timeout": WaitTimeout,
    "system_prompt": SystemPrompt, "secret_env": SecretEnv, "headed": Headed,
    "headless_mode": HeadlessModeOpt, "confirm": Confirm,
    "trace": Trace, "prompts": Prompts, "image_format": ImageFormatOpt, "image_scale": ImageScale,
    "image_detail": ImageDetail,
    "cache": Cache, "latency": Latency,
}


def with_agent_options(*, skip: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Give a Typer command every agent option (but those in `skip`); it receives them as `agent`."""

    def decorate(func: F) -> F:
        own = [p for p in inspect.signature(func).parameters.values() if p.name != "agent"]
        added = [inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, annotation=_OPTION_TYPES[f.name],
                                   default=list(f.default) if isinstance(f.default, tuple) else f.default)
                 for f in fields(AgentOptions) if f.name not in skip]

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            values = {p.name: kwargs.pop(p.name) for p in added}
            values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
            return func(*args, agent=AgentOptions(**values), **kwargs)

        wrapper.__signature__ = inspect.Signature(own + added)  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorate
