"""Python entry points: run one task (`run_task`), or one task in a shared browser (`execute_task`).

```python
from webvoyager import run_task
result = run_task("Find the price of the cheapest lasagna recipe", url="https://example.org",
                  model="openai:gpt-4o", out_dir="runs/demo")
print(result.status, result.answer)
```
"""

from __future__ import annotations

import asyncio
import logging
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass, replace
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from webvoyager.agent.loop import Agent, StepCallback
from webvoyager.agent.policy import Policy
from webvoyager.agent.recorder import Recorder
from webvoyager.agent.redact import Redactor
from webvoyager.errors import ConfigError
from webvoyager.fileio import write_json_atomic
from webvoyager.models.base import ChatModel
from webvoyager.tasks import Task
from webvoyager.trajectory import Result, safe_dirname

if TYPE_CHECKING:  # the browser layer is imported only when a run really starts
    from webvoyager.browser.session import Browser
    from webvoyager.browser.types import BrowserConfig

log = logging.getLogger("webvoyager.agent")

POLICIES = ("webvoyager", "seeact")
DEFAULT_OPENAI_MODEL = "openai:gpt-4o"
# claude-sonnet-4-5 reaches end of life on 2026-11-30 (the SDK's deprecation table); models get retired,
# so the default can always be replaced without a release: WEBVOYAGER_DEFAULT_MODEL=SPEC.
DEFAULT_ANTHROPIC_MODEL = "anthropic:claude-sonnet-4-6"
DEFAULT_MODEL_ENV = "WEBVOYAGER_DEFAULT_MODEL"


@dataclass(frozen=True)
class RunSettings:
    """How the agent runs a task (shared by `run`, `bench` and the Python API)."""

    policy: str = "webvoyager"
    max_steps: int = 15                 # a task's own `max_steps` takes precedence
    context_images: int = 3             # newest observations that keep screenshot + element text
    text_only: bool = False             # accessibility tree instead of screenshots
    temperature: float = 1.0
    max_tokens: int = 1024
    seed: int | None = None
    allowed_domains: tuple[str, ...] = ()   # empty: every domain allowed
    stuck_after: int = 3                # identical steps on an unchanged page before status "stuck"
    grounding: str = "choice"           # SeeAct grounding strategy
    secrets: tuple[str, ...] = ()       # values redacted from every file, log and model request
    headless: bool = True
    secret_env: tuple[str, ...] = ()    # env var names: secret, and typed by the model as {{NAME}}
    confirm: bool = False               # a person approves state-changing actions (SeeAct policy)

    def validate(self) -> RunSettings:
        """Raise ConfigError for values that cannot work; return self."""
        if self.policy not in POLICIES:
            raise ConfigError(f"unknown policy {self.policy!r}; use one of {', '.join(POLICIES)}")
        if self.max_steps < 1:
            raise ConfigError(f"max_steps must be at least 1 (got {self.max_steps})")
        if self.context_images < 1:
            raise ConfigError(f"context_images must be at least 1 (got {self.context_images})")
        if self.confirm and self.policy != "seeact":
            raise ConfigError("confirm mode (--confirm) works with the SeeAct policy; add --policy seeact")
        if self.stuck_after < 2:
            raise ConfigError(f"stuck_after must be at least 2 (got {self.stuck_after})")
        missing = [name for name in self.secret_env if name not in os.environ]
        if missing:
            raise ConfigError(f"secret environment variable(s) {', '.join(missing)} not set; export them before "
                              "the run (their values are typed where the task says {{NAME}})")
        return self

    def placeholders(self) -> dict[str, str]:
        """{{NAME}} → value of each `secret_env` variable (read now, never stored in the settings)."""
        return {name: os.environ[name] for name in self.secret_env if name in os.environ}

    def redactor(self) -> Redactor:
        """Redacts env secrets, `secrets` and the `secret_env` values."""
        return Redactor.from_env((*self.secrets, *self.placeholders().values()))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready settings for run.json; secret values are never written, only their count."""
        data = asdict(self)
        data["secrets"] = len(self.secrets)
        data["secret_env"] = list(self.secret_env)  # names only
        data["allowed_domains"] = list(self.allowed_domains)
        return data


def make_policy(settings: RunSettings, model: ChatModel) -> Policy:
    """The policy named by `settings.policy`, configured from the settings."""
    if settings.policy == "webvoyager":
        from webvoyager.agent.webvoyager_policy import WebVoyagerPolicy

        return WebVoyagerPolicy(model, context_images=settings.context_images, text_only=settings.text_only,
                                temperature=settings.temperature, max_tokens=settings.max_tokens, seed=settings.seed)
    if settings.policy == "seeact":
        try:
            from webvoyager.seeact.policy import SeeActPolicy
        except ImportError as exc:
            raise ConfigError(f"the SeeAct policy is not available ({exc}); use --policy webvoyager") from exc
        from webvoyager.seeact.confirm import ConfirmGate

        return SeeActPolicy(model, grounding=settings.grounding, temperature=settings.temperature,
                            max_tokens=settings.max_tokens, seed=settings.seed,
                            confirm=ConfirmGate() if settings.confirm else None)
    raise ConfigError(f"unknown policy {settings.policy!r}; use one of {', '.join(POLICIES)}")


async def execute_task(task: Task, *, browser: Browser, model: ChatModel, settings: RunSettings, task_dir: Path,
                       on_step: StepCallback | None = None) -> Result:
    """Run `task` in a fresh session of `browser` and record it in `task_dir`.

    Never raises for task-level failures (bad page, model error, crash in a policy): the Result then has
    status "error" and the message, and `result.json` is written either way.
    """
    task_dir = Path(task_dir)
    recorder = Recorder(task_dir, redactor=settings.redactor())
    started = time.perf_counter()
    session = None
    try:
        policy = make_policy(settings, model)
        session = await browser.new_session(download_dir=task_dir / "downloads",
                                            allowed_domains=settings.allowed_domains or None)
        agent = Agent(session, policy, max_steps=task.max_steps or settings.max_steps, recorder=recorder,
                      stuck_after=settings.stuck_after, text_only=settings.text_only, on_step=on_step,
                      placeholders=settings.placeholders())
        return await agent.run(task)
    except Exception as exc:  # noqa: BLE001 - one task's failure must not stop a benchmark
        log.exception("task %s failed outside the agent loop", task.id)
        result = Result(task_id=task.id, question=task.question, start_url=task.start_url, status="error",
                        error=f"{type(exc).__name__}: {exc}", site=task.site, model=getattr(model, "spec", ""),
                        policy=settings.policy, steps=len(recorder.steps),
                        timings={"wall_s": time.perf_counter() - started})
        recorder.finish(result)
        return result
    finally:
        if session is not None:
            try:
                await session.close()
            except Exception as exc:  # noqa: BLE001 - closing a crashed context may fail; the result stands
                log.warning("closing the session of task %s failed: %s", task.id, exc)


def default_model_spec(environ: Mapping[str, str] | None = None) -> str:
    """$WEBVOYAGER_DEFAULT_MODEL if set; else `openai:gpt-4o` with OPENAI_API_KEY, the Anthropic default
    with ANTHROPIC_API_KEY; else ConfigError telling how to choose."""
    env = os.environ if environ is None else environ
    if env.get(DEFAULT_MODEL_ENV):
        return env[DEFAULT_MODEL_ENV]
    if env.get("OPENAI_API_KEY"):
        return DEFAULT_OPENAI_MODEL
    if env.get("ANTHROPIC_API_KEY"):
        return DEFAULT_ANTHROPIC_MODEL
    raise ConfigError("no model chosen: pass --model SPEC (openai:MODEL, anthropic:MODEL, human, scripted:PATH or "
                      "reference), or set OPENAI_API_KEY or ANTHROPIC_API_KEY; for a local OpenAI-compatible server "
                      "use --model openai:MODEL --base-url URL (or set WEBVOYAGER_DEFAULT_MODEL)")


def new_run_dir(base: Path | str = "runs", prefix: str = "run") -> Path:
    """A fresh folder `base/<prefix>-YYYYmmdd-HHMMSS[-n]`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = Path(base) / f"{prefix}-{stamp}", 1
    while path.exists():
        n += 1
        path = Path(base) / f"{prefix}-{stamp}-{n}"
    return path


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def write_run_json(out_dir: Path, settings: RunSettings, model_spec: str, *, command: str = "run",
                   base_url: str | None = None, extra: dict[str, Any] | None = None) -> Path:
    """Write `out_dir/run.json`: settings, versions and the model spec (never a key)."""
    data: dict[str, Any] = {
        "command": command,
        "model": model_spec,
        "base_url": base_url,
        "settings": settings.to_dict(),
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "versions": {"webvoyager": _version("webvoyager"), "python": sys.version.split()[0],
                     "platform": platform.platform(), "playwright": _version("playwright"),
                     "openai": _version("openai"), "anthropic": _version("anthropic")},
        **(extra or {}),
    }
    path = Path(out_dir) / "run.json"
    write_json_atomic(path, settings.redactor().data(data))
    return path


def _resolve_model(model: str | ChatModel | None, base_url: str | None) -> ChatModel:
    from webvoyager.models.factory import check_model_ready, create_model

    if model is None or isinstance(model, str):
        spec = model or default_model_spec()
        check_model_ready(spec, base_url=base_url)  # before any browser starts
        return create_model(spec, base_url=base_url)
    return model


async def run_task_async(task: Task | str, *, url: str | None = None, model: str | ChatModel | None = None,
                         out_dir: Path | str | None = None, settings: RunSettings | None = None,
                         browser_config: BrowserConfig | None = None, base_url: str | None = None,
                         on_step: StepCallback | None = None) -> Result:
    """Run one task in a new browser and record it under `out_dir` (default `runs/run-<time>`).

    `task` is a Task, or a question with `url` as its start page. `model` is a spec string (see DESIGN.md)
    or a ChatModel. The task's files go to `out_dir/<task id>/`, the settings to `out_dir/run.json`.
    """
    settings = (settings or RunSettings()).validate()
    if isinstance(task, str):
        if not url:
            raise ConfigError("a task given as text needs its start page: pass url='https://...'")
        task = Task(id="task", question=task, start_url=url)
    chat_model = _resolve_model(model, base_url)
    run_dir = Path(out_dir) if out_dir is not None else new_run_dir()
    run_dir.mkdir(parents=True, exist_ok=True)
    write_run_json(run_dir, settings, chat_model.spec, base_url=base_url, extra={"task_id": task.id})
    from webvoyager.browser.session import Browser
    from webvoyager.browser.types import BrowserConfig

    config = browser_config or BrowserConfig()
    config = replace(config, headless=settings.headless if browser_config is None else config.headless,
                     allowed_domains=settings.allowed_domains or config.allowed_domains)
    browser = await Browser.launch(config)
    try:
        return await execute_task(task, browser=browser, model=chat_model, settings=settings,
                                  task_dir=run_dir / safe_dirname(task.id), on_step=on_step)
    finally:
        await browser.close()
        if chat_model is not model:  # we built it from a spec: free its HTTP connections
            close = getattr(chat_model, "aclose", None)
            if close is not None:
                await close()


def run_task(task: Task | str, **kwargs: Any) -> Result:
    """Synchronous `run_task_async` for scripts and notebooks (not from inside a running event loop)."""
    return asyncio.run(run_task_async(task, **kwargs))
