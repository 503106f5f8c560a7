"""The address of the client that sent a request, as far as the shop can trust it.

`X-Forwarded-For` is written by whoever sends the request, so it only names the client when a
proxy the shop trusts wrote it. `settings.TRUSTED_PROXY_COUNT` says how many proxies stand in front
of the web process (0, the default: none, so the socket's address is the client). With N trusted
proxies the client is the Nth address from the right of `X-Forwarded-For`: each trusted proxy
appends the address it received the request from, so everything further left may be made up.
Every per-IP limit (DRF throttles, the staff login guard) reads the address here and nowhere else.
"""

from django.conf import settings


def client_ip(request) -> str:
    """The client's address; the socket's address when no trusted proxy says otherwise."""
    meta = getattr(request, "META", request)
    remote_addr = meta.get("REMOTE_ADDR") or ""
    trusted = settings.TRUSTED_PROXY_COUNT
    if trusted <= 0:
        return remote_addr
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if not forwarded:
        return remote_addr
    # A request that passed fewer proxies than configured (a health check from inside the
    # network) has fewer entries; the leftmost is then the closest thing to a client address.
    return forwarded[-min(trusted, len(forwarded))]
