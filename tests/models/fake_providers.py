"""Local HTTP servers that speak the OpenAI (chat completions, Responses) and Anthropic APIs, so the REAL SDKs run over loopback.

Reusable by any test:

    with FakeOpenAI() as server:                       # or FakeAnthropic()
        server.queue("Thought: ...\\nAction: Wait")     # a reply text, or a FakeResponse
        model = create_model("openai:gpt-4o", base_url=server.base_url, api_key="sk-test")
        ...
        server.requests[0].body["messages"]            # what the SDK really sent (parsed JSON)
        server.bodies()                                # every endpoint request's body, in order

Each request takes the next queued response; with the queue empty, `responder(request)` is called if
set, else the server answers 400 "no queued response" (not retried, so a test fails fast).
A `FakeResponse` can also hang (never answer; the client times out) or close the connection unanswered.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterator, Self, Union

# How long a "hanging" response holds the connection at most; the server's shutdown ends it sooner.
_HANG_LIMIT_S = 30.0


@dataclass
class RecordedRequest:
    """One request the fake server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any  # parsed JSON (or the raw text when it was not JSON)

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


@dataclass
class FakeResponse:
    """What to answer: a status with a JSON body and headers; or hang; or close without answering."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    hang: bool = False
    close: bool = False


Reply = Union[str, FakeResponse]


def openai_completion(text: str, *, model: str = "gpt-4o", prompt_tokens: int = 100,
                      completion_tokens: int = 20, cached_tokens: int | None = None) -> FakeResponse:
    """A successful chat-completions response carrying `text` and the given usage (`cached_tokens`: of the
    prompt tokens, the ones read from the prompt cache, in `prompt_tokens_details`)."""
    details = {} if cached_tokens is None else {"prompt_tokens_details": {"cached_tokens": cached_tokens}}
    return FakeResponse(200, {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens, **details},
    })


def anthropic_message(text: str, *, model: str = "claude-sonnet-4-20250514", input_tokens: int = 100,
                      output_tokens: int = 20, cache_read: int | None = None,
                      cache_creation: int | None = None) -> FakeResponse:
    """A successful messages-API response carrying `text` and the given usage (`input_tokens` is the
    uncached part, as the API counts it; `cache_read` / `cache_creation` the cached ones)."""
    cached = {name: value for name, value in (("cache_read_input_tokens", cache_read),
                                              ("cache_creation_input_tokens", cache_creation)) if value is not None}
    return FakeResponse(200, {
        "id": "msg_fake",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens, **cached},
    })


def openai_error(status: int, message: str, *, headers: dict[str, str] | None = None) -> FakeResponse:
    """An error in OpenAI's JSON shape."""
    kind = {401: "invalid_request_error", 429: "rate_limit_exceeded"}.get(status, "server_error")
    return FakeResponse(status, {"error": {"message": message, "type": kind, "code": None}},
                        headers or {})


def anthropic_error(status: int, message: str, *, headers: dict[str, str] | None = None) -> FakeResponse:
    """An error in Anthropic's JSON shape."""
    kind = {401: "authentication_error", 429: "rate_limit_error", 529: "overloaded_error"}.get(
        status, "api_error")
    return FakeResponse(status, {"type": "error", "error": {"type": kind, "message": message}},
                        headers or {})


class _FakeServer:
    """Base: a threaded HTTP server on 127.0.0.1 (free port) that records requests."""

    endpoint = "/"

    def __init__(self, responder: Callable[[RecordedRequest], Reply] | None = None) -> None:
        self.requests: list[RecordedRequest] = []
        self.responder = responder
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread: threading.Thread | None = None

    # -- what tests use -------------------------------------------------------------------------
    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """The base URL to give the SDK (and `--base-url`)."""
        return self.origin

    def queue(self, *replies: Reply) -> None:
        """Answer the next requests with these, in order (a str is a successful reply text)."""
        with self._lock:
            self._queue.extend(replies)

    def success(self, text: str) -> FakeResponse:
        raise NotImplementedError

    def bodies(self) -> list[Any]:
        """The parsed JSON body of every request to the endpoint, in arrival order."""
        with self._lock:
            return [r.body for r in self.requests if self.serves(r.path)]

    def serves(self, path: str) -> bool:
        """Whether a request path is this server's endpoint."""
        return path.split("?")[0].rstrip("/") == self.endpoint

    def start(self) -> Self:
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # releases hanging handlers
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals ------------------------------------------------------------------------------
    def _next_reply(self, request: RecordedRequest) -> FakeResponse:
        with self._lock:
            self.requests.append(request)
            number = len(self.requests)
            reply: Reply | None = self._queue.popleft() if self._queue else None
        if reply is None and self.responder is not None:
            reply = self.responder(request)
        if reply is None:
            return self.error(400, f"fake provider: no queued response for request #{number}")
        return self.success(reply) if isinstance(reply, str) else reply

    def error(self, status: int, message: str) -> FakeResponse:
        raise NotImplementedError

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length).decode("utf-8", "replace")
                try:
                    body: Any = json.loads(raw)
                except json.JSONDecodeError:
                    body = raw
                headers = {k.lower(): v for k, v in self.headers.items()}
                request = RecordedRequest("POST", self.path, headers, body)
                if not owner.serves(self.path):
                    with owner._lock:
                        owner.requests.append(request)
                    self._send(FakeResponse(404, {"error": {"message": f"no route {self.path}"}}))
                    return
                reply = owner._next_reply(request)
                if reply.hang:
                    owner._stopping.wait(_HANG_LIMIT_S)
                    self.close_connection = True
                    return
                if reply.close:
                    self.close_connection = True
                    return
                self._send(reply)

            def _send(self, reply: FakeResponse) -> None:
                payload = json.dumps(reply.body).encode() if reply.body is not None else b""
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout); nothing to tell it

        return Handler


class FakeOpenAI(_FakeServer):
    """Speaks POST /v1/chat/completions. `base_url` ends in /v1, as the OpenAI SDK expects."""

    endpoint = "/v1/chat/completions"

    @property
    def base_url(self) -> str:
        return f"{self.origin}/v1"

    def success(self, text: str) -> FakeResponse:
        return openai_completion(text)

    def error(self, status: int, message: str) -> FakeResponse:
        return openai_error(status, message)


class FakeAnthropic(_FakeServer):
    """Speaks POST /v1/messages. `base_url` is the bare origin, as the Anthropic SDK expects."""

    endpoint = "/v1/messages"

    def success(self, text: str) -> FakeResponse:
        return anthropic_message(text)

    def error(self, status: int, message: str) -> FakeResponse:
        return anthropic_error(status, message)


def openai_response(*output: dict[str, Any], model: str = "computer-use-preview", input_tokens: int = 1500,
                    output_tokens: int = 40, cached_tokens: int = 0) -> FakeResponse:
    """A successful Responses-API response whose `output` holds these items (messages, computer calls,
    reasoning), with the given usage."""
    return FakeResponse(200, {
        "id": "resp_fake", "object": "response", "created_at": 1_700_000_000, "model": model, "status": "completed",
        "output": list(output), "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens,
                  "total_tokens": input_tokens + output_tokens, "input_tokens_details": {"cached_tokens": cached_tokens},
                  "output_tokens_details": {"reasoning_tokens": 0}},
    })


def openai_message_item(text: str) -> dict[str, Any]:
    """A Responses-API output message carrying `text`."""
    return {"type": "message", "id": "msg_fake", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


class FakeOpenAIResponses(FakeOpenAI):
    """Speaks POST /v1/responses (OpenAI's Responses API, computer use); otherwise as FakeOpenAI."""

    endpoint = "/v1/responses"

    def success(self, text: str) -> FakeResponse:
        return openai_response(openai_message_item(text))


def serve_openai(responder: Callable[[RecordedRequest], Reply] | None = None) -> Iterator[FakeOpenAI]:
    """Generator for a pytest fixture: `yield from serve_openai()`."""
    with FakeOpenAI(responder) as server:
        yield server


def serve_anthropic(responder: Callable[[RecordedRequest], Reply] | None = None) -> Iterator[FakeAnthropic]:
    """Generator for a pytest fixture: `yield from serve_anthropic()`."""
    with FakeAnthropic(responder) as server:
        yield server


def gemini_response(*parts: dict[str, Any], model: str = "gemini-2.5-computer-use-preview-10-2025",
                    finish_reason: str = "STOP", prompt_tokens: int = 1200,
                    output_tokens: int = 30, cached_tokens: int | None = None) -> FakeResponse:
    """A generateContent response (Google's camelCase JSON) whose one candidate holds `parts`, e.g.
    {"text": "..."} or {"functionCall": {"name": "click_at", "args": {"x": 10, "y": 20}}}."""
    return FakeResponse(200, {
        "candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": finish_reason,
                        "index": 0}],
        "usageMetadata": {"promptTokenCount": prompt_tokens, "candidatesTokenCount": output_tokens,
                          "totalTokenCount": prompt_tokens + output_tokens,
                          **({} if cached_tokens is None else {"cachedContentTokenCount": cached_tokens})},
        "modelVersion": model,
    })


def gemini_error(status: int, message: str, *, headers: dict[str, str] | None = None) -> FakeResponse:
    """An error in Google's JSON shape ({"error": {"code", "message", "status"}})."""
    kind = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
            429: "RESOURCE_EXHAUSTED"}.get(status, "INTERNAL")
    return FakeResponse(status, {"error": {"code": status, "message": message, "status": kind}}, headers or {})


class FakeGemini(_FakeServer):
    """Speaks POST /v1beta/models/{model}:generateContent (any model). `base_url` is the bare origin, as
    `HttpOptions(base_url=...)` of the google-genai SDK expects; `bodies()` holds every generateContent body."""

    endpoint = "/v1beta/models"

    def serves(self, path: str) -> bool:
        path = path.split("?")[0]
        return path.startswith(self.endpoint + "/") and path.endswith(":generateContent")

    def success(self, text: str) -> FakeResponse:
        return gemini_response({"text": text})

    def error(self, status: int, message: str) -> FakeResponse:
        return gemini_error(status, message)


def serve_gemini(responder: Callable[[RecordedRequest], Reply] | None = None) -> Iterator[FakeGemini]:
    """Generator for a pytest fixture: `yield from serve_gemini()`."""
    with FakeGemini(responder) as server:
        yield server
