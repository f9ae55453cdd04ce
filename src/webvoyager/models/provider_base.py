"""What the SDK-backed providers share: settings, a key-free repr, retried calls and priced usage."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any, Awaitable, Callable, ClassVar, Sequence

from webvoyager.errors import ModelError
from webvoyager.models.base import Completion, ImagePart, Message
from webvoyager.models.pricing import PriceTable
from webvoyager.models.retry import RetryPolicy, call_with_retries, classify_sdk_error
from webvoyager.usage import Usage


@dataclass(frozen=True)
class Reply:
    """What a provider read from its SDK's response object."""

    text: str
    input_tokens: int        # every prompt token, cached ones included
    output_tokens: int
    model: str
    cache_read_tokens: int = 0    # of input_tokens: read from the provider's prompt cache
    cache_write_tokens: int = 0   # of input_tokens: written to it (Anthropic)


class ProviderModel:
    """Base for `openai:` and `anthropic:` models.

    Subclasses build the SDK client (`_make_client`), the request (`_request`) and read the response
    (`_read`); this class runs the call with our retries, prices the usage, and turns a response of
    the wrong shape into a ModelError. The API key is handed to the SDK client and kept only to
    scrub it from provider messages; it is never part of `spec`, `repr` or any error.
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

    def __repr__(self) -> str:
        where = f", base_url={self.base_url!r}" if self.base_url else ""
        return f"{type(self).__name__}({self.model!r}{where})"

    # -- provider specifics -------------------------------------------------------------------------
    def _make_client(self, api_key: str, base_url: str | None, timeout_s: float) -> Any:
        raise NotImplementedError

    def _request(self, messages: Sequence[Message], temperature: float | None, max_tokens: int,
                 seed: int | None) -> tuple[Callable[..., Awaitable[Any]], dict[str, Any]]:
        """The SDK method to call and its keyword arguments."""
        raise NotImplementedError

    def _read(self, response: Any) -> Reply:
        raise NotImplementedError

    def image_tokens(self, image: ImagePart) -> int:
        """Our estimate of the prompt tokens `image` takes with this provider (0: no estimate)."""
        return 0

    # -- shared -------------------------------------------------------------------------------------
    async def complete(self, messages: Sequence[Message], *, temperature: float | None = 1.0,
                       max_tokens: int = 1024, seed: int | None = None) -> Completion:
        """Send the conversation; retry transient failures; raise ModelError when it fails for good.
        `temperature` None sends none (the API's default applies), as WebVoyager's run.py does."""
        create, request = self._request(messages, temperature, max_tokens, seed)
        _, reply, usage = await self._call(create, request, self._read)
        estimate = sum(self.image_tokens(image) for message in messages for image in message.images)
        return Completion(text=reply.text, usage=replace(usage, image_tokens_estimate=estimate),
                          model=reply.model or self.model)

    async def native(self, create: Callable[..., Awaitable[Any]], request: dict[str, Any], *,
                     read: Callable[[Any], Reply] | None = None) -> tuple[Any, Usage]:
        """One vendor-native SDK call (`create`, e.g. `client.beta.messages.create`, with `request` as its
        keyword arguments) with our retries, for adapters that speak a vendor's own protocol (computer
        use); returns the SDK's response object and its priced usage. `read` reads a response of another
        shape than the provider's usual one (OpenAI's Responses API besides chat completions)."""
        response, _, usage = await self._call(create, request, read or self._read)
        return response, usage

    async def _call(self, create: Callable[..., Awaitable[Any]], request: dict[str, Any],
                    read: Callable[[Any], Reply]) -> tuple[Any, Reply, Usage]:
        """The call with our retries, the response read once, and its usage priced."""
        response = await call_with_retries(
            lambda: create(**request),
            classify=lambda exc: classify_sdk_error(exc, self.sdk),
            policy=self._retry, provider=self.provider, model=self.model,
            key_hint=self._key_hint(), secrets=[self._api_key],
        )
        try:
            reply = read(response)
        except (AttributeError, TypeError, IndexError, KeyError, ValueError) as exc:
            raise ModelError(
                f"{self.provider} sent a response that could not be read for model {self.model!r} "
                f"({type(exc).__name__}: {exc}); check that the server really speaks this API"
            ) from None
        # Price by the model asked for: servers often answer with a dated or local alias.
        cost = self._prices.cost(self.model, reply.input_tokens, reply.output_tokens, reply.cache_read_tokens,
                                 reply.cache_write_tokens)
        return response, reply, Usage(reply.input_tokens, reply.output_tokens, cost, calls=1,
                                      cache_read_tokens=reply.cache_read_tokens,
                                      cache_write_tokens=reply.cache_write_tokens)

    @property
    def client(self) -> Any:
        """The SDK client (computer-use adapters pick the method they call through `native`)."""
        return self._client

    async def aclose(self) -> None:
        """Close the SDK's HTTP connections (optional; the pool is also freed when garbage-collected)."""
        await self._client.close()

    def _key_hint(self) -> str:
        if self.base_url is None:
            return self.key_env
        return f"{self.key_env} (or the key the server at {self.base_url} expects)"
