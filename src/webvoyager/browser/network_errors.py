"""Which of Chromium's navigation errors (`net::ERR_*`) say the network failed, not the page.

A start page whose host does not resolve, refuses or resets the connection, or fails TLS never reached
a server: the task could not begin, an infrastructure failure (errors.SiteUnreachableError). An aborted load,
a bad URL or too many redirects are the page's or the task's own failures and are not listed.
"""

from __future__ import annotations

import re

NETWORK_CODES = frozenset({
    "ERR_NAME_NOT_RESOLVED", "ERR_NAME_RESOLUTION_FAILED", "ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET",
    "ERR_CONNECTION_CLOSED", "ERR_CONNECTION_FAILED", "ERR_CONNECTION_TIMED_OUT", "ERR_CONNECTION_ABORTED",
    "ERR_ADDRESS_UNREACHABLE", "ERR_ADDRESS_INVALID", "ERR_INTERNET_DISCONNECTED", "ERR_NETWORK_CHANGED",
    "ERR_NETWORK_ACCESS_DENIED", "ERR_TIMED_OUT", "ERR_EMPTY_RESPONSE", "ERR_PROXY_CONNECTION_FAILED",
    "ERR_TUNNEL_CONNECTION_FAILED", "ERR_SOCKS_CONNECTION_FAILED", "ERR_DNS_TIMED_OUT",
})
"""Chromium's names of a connection that never reached a server (plus every ERR_SSL_* and ERR_CERT_*)."""

_CODE = re.compile(r"net::(ERR_[A-Z0-9_]+)")


def network_failure(message: str) -> str | None:
    """The `net::ERR_*` name in a navigation error's message when it is a network failure (DNS, refused
    or reset connection, TLS), else None."""
    match = _CODE.search(message)
    if match is None:
        return None
    code = match.group(1)
    if code in NETWORK_CODES or code.startswith(("ERR_SSL_", "ERR_CERT_")):
        return code
    return None
