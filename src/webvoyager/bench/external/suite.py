"""`bench SUITE --agent cmd:"COMMAND"`: what the suite run checks and runs for an external agent."""

from __future__ import annotations

from collections.abc import Sequence

from webvoyager.api.settings import RunSettings
from webvoyager.bench.external.command import command_agent
from webvoyager.bench.external.run import ExternalExecutor
from webvoyager.browser.types import BrowserConfig
from webvoyager.errors import ConfigError
from webvoyager.models.base import Completion, Message


class AgentName:
    """Stands in for the model in the bench's records of an external agent's run: its `spec` is the
    agent's name (result.json's `model`); it is never asked anything."""

    def __init__(self, spec: str) -> None:
        self.spec = spec

    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0, max_tokens: int = 1024,
                       seed: int | None = None) -> Completion:
        raise ConfigError(f"{self.spec} is an external agent: it calls its own model, the bench calls none")


def check_external_request(agent: str, *, backend: str, browser_endpoint: str | None,
                           agent_timeout_s: float | None) -> None:
    """ConfigError, before anything starts, for what an external agent's bench run cannot do."""
    command_agent(agent)
    if backend != "local":
        raise ConfigError("--agent runs each task in a Chromium launched on this machine: use --backend local")
    if browser_endpoint:
        raise ConfigError("--agent launches a Chromium of its own for each task (the agent drives it over CDP): "
                          "leave out --browser-endpoint")
    if agent_timeout_s is not None and agent_timeout_s <= 0:
        raise ConfigError("--agent-timeout must be a positive number of seconds")


def external_executor(agent: str, settings: RunSettings, config: BrowserConfig, timeout_s: float | None, *,
                      episodes: bool) -> tuple[ExternalExecutor, AgentName]:
    """The executor of an external agent's bench run, and what stands in for its model."""
    if episodes:
        raise ConfigError("this suite's tasks are episodes our agent loop starts and ends (MiniWoB++); an external "
                          "agent cannot run them")
    chosen = command_agent(agent)
    return ExternalExecutor(chosen, settings, config, timeout_s), AgentName(chosen.name)
