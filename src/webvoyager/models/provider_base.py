"""What the SDK-backed providers share: settings, a key-free repr, retried calls and priced usage."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Awaitable, Callable, ClassVar

from webvoyager.models.pricing import PriceTable
from webvoyager.models.retry import RetryPolicy, call_with_retries, classify_sdk_error
from webvoyager.usage import Usage


class ProviderModel:
    """Base for `openai:` and `anthropic:` models; subclasses build the SDK client and the request.

    The API key is handed to the SDK client and kept only to scrub it from provider messages; it is
    never part of `spec`, `repr` or any error.
    """

    provider: ClassVar[str]
    key_env: ClassVar[str]
    sdk: ClassVar[ModuleType]
    supports_seed: ClassVar[bool] = True

    def __init__(self, model: str, *, api_key: str, base_url: str | None = None,
                 timeout_s: float = 120.0, retry: RetryPolicy | None = None,
                 prices: PriceTable | None = None) -> None:
        self.model = model
        self.spec = f"{self.provider}:{model}"
        self.base_url = base_url
        self._retry = retry or RetryPolicy()
        self._prices = prices or PriceTable({})
        self._api_key = api_key
        self._client = self._make_client(api_key, base_url, timeout_s)

    def _make_client(self, api_key: str, base_url: str | None, timeout_s: float) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"{type(self).__name__}({self.model!r}{where})"

    def _key_hint(self) -> str:
        if self.base_url is None:
            return self.key_env
        return f"{self.key_env} (or the key the server at {self.base_url} expects)"

    async def _send(self, create: Callable[..., Awaitable[Any]], request: dict[str, Any]) -> Any:
        """Call `create(**request)` with our retries; ModelError when it fails for good."""
        return await call_with_retries(
            lambda: create(**request),
            classify=lambda exc: classify_sdk_error(exc, self.sdk),
            policy=self._retry, provider=self.provider, model=self.model,
            key_hint=self._key_hint(), secrets=[self._api_key],
        )

    def _usage(self, input_tokens: int, output_tokens: int) -> Usage:
        # Price by the model asked for: servers often answer with a dated or local alias.
        cost = self._prices.cost(self.model, input_tokens, output_tokens)
        return Usage(input_tokens, output_tokens, cost, calls=1)
