"""`RunSettings`: how the agent runs a task, shared by `run`, `bench` and the Python API."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from typing import Any

from webvoyager.agent.gate import GATE_MODES, GateMode
from webvoyager.agent.redact import Redactor
from webvoyager.errors import ConfigError

POLICIES = ("webvoyager", "seeact")


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
    confirm: GateMode = "allow"         # consequential actions (buy, send, delete, secrets): allow|ask|deny

    def validate(self) -> RunSettings:
        """Raise ConfigError for values that cannot work; return self."""
        if self.policy not in POLICIES:
            raise ConfigError(f"unknown policy {self.policy!r}; use one of {', '.join(POLICIES)}")
        if self.max_steps < 1:
            raise ConfigError(f"max_steps must be at least 1 (got {self.max_steps})")
        if self.context_images < 1:
            raise ConfigError(f"context_images must be at least 1 (got {self.context_images})")
        if self.confirm not in GATE_MODES:
            raise ConfigError(f"unknown confirm mode {self.confirm!r}; use one of {', '.join(GATE_MODES)}")
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
