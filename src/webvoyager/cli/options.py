"""Command-line options shared by the commands that run the agent (`run`, `bench`).

Each option is declared once here as an `Annotated` type. `@with_agent_options` adds every agent option
to a command and hands it an `AgentOptions`, whose `settings()` builds the `RunSettings`, so `run` and
`bench` cannot drift apart.
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

MODEL_HELP = ("openai:MODEL, anthropic:MODEL, scripted:PATH, human or reference "
              "(default: from OPENAI_API_KEY / ANTHROPIC_API_KEY).")

Model = Annotated[Optional[str], typer.Option("--model", help=MODEL_HELP)]
BaseUrl = Annotated[Optional[str], typer.Option("--base-url", help="OpenAI-compatible server (vLLM, Ollama...).")]
Out = Annotated[Optional[Path], typer.Option("--out", help="Run directory (default runs/<command>-<time>).")]
Policy = Annotated[str, typer.Option("--policy", help="webvoyager or seeact.")]
Grounding = Annotated[str, typer.Option("--grounding", help="SeeAct grounding: choice, som, attributes, "
                                        "coordinates.")]
MaxSteps = Annotated[int, typer.Option("--max-steps", min=1, help="Model calls per task at most.")]
ContextImages = Annotated[int, typer.Option("--context-images", min=1,
                                            help="Newest observations that keep their screenshot.")]
TextOnly = Annotated[bool, typer.Option("--text-only", help="Accessibility tree instead of screenshots.")]
Temperature = Annotated[float, typer.Option("--temperature", help="Sampling temperature sent to the model.")]
Seed = Annotated[Optional[int], typer.Option("--seed", help="Sampling seed (providers that support it).")]
AllowedDomain = Annotated[list[str], typer.Option("--allowed-domain",
                                                  help="Only these domains (and subdomains) may load; repeatable.")]
StuckAfter = Annotated[int, typer.Option("--stuck-after", min=2,
                                         help="Identical steps on an unchanged page before stopping as stuck.")]
SecretEnv = Annotated[list[str], typer.Option("--secret-env", help="Name of an env var holding a secret: redacted "
                                              "everywhere; write {{NAME}} in the task where the agent must type it "
                                              "(the model never sees the value); repeatable.")]
Headed = Annotated[bool, typer.Option("--headed", help="Show the browser window.")]
Confirm = Annotated[Optional[str], typer.Option(
    "--confirm", help="Consequential actions (buying, sending, deleting, entering passwords, payment details or "
    "secrets): ask (a person at the terminal approves, rejects or takes over), deny, or allow. Default: ask for run, "
    "allow for the sandbox suite, deny for other suites.")]


F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class AgentOptions:
    """The agent options of one command invocation, as parsed by Typer."""

    policy: str = "webvoyager"
    grounding: str = "choice"
    max_steps: int = 15
    context_images: int = 3
    text_only: bool = False
    temperature: float = 1.0
    seed: int | None = None
    allowed_domain: tuple[str, ...] = ()
    stuck_after: int = 3
    secret_env: tuple[str, ...] = ()
    headed: bool = False
    confirm: str | None = None

    def settings(self, *, default_confirm: str = "ask") -> RunSettings:
        """The validated RunSettings these options describe (ConfigError when they cannot work);
        `default_confirm` is the confirm mode when --confirm is not given."""
        from webvoyager.api.settings import RunSettings

        return RunSettings(policy=self.policy, grounding=self.grounding, max_steps=self.max_steps,
                           context_images=self.context_images, text_only=self.text_only,
                           temperature=self.temperature, seed=self.seed,
                           allowed_domains=tuple(self.allowed_domain), stuck_after=self.stuck_after,
                           secret_env=tuple(self.secret_env), headless=not self.headed,
                           confirm=self.confirm or default_confirm).validate()  # type: ignore[arg-type]


_OPTION_TYPES: dict[str, Any] = {
    "policy": Policy, "grounding": Grounding, "max_steps": MaxSteps, "context_images": ContextImages,
    "text_only": TextOnly, "temperature": Temperature, "seed": Seed, "allowed_domain": AllowedDomain,
    "stuck_after": StuckAfter, "secret_env": SecretEnv, "headed": Headed, "confirm": Confirm,
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
