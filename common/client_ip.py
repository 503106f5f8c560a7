"""The address of the client that sent a request, as far as the shop can trust it.

`X-Forwarded-For` is written by whoever sends the request, so it only names the client when a
proxy the shop trusts wrote it. `settings.TRUSTED_PROXY_NETWORKS` lists the proxies' networks
(none, the default: the socket's address is the client). The header is read only when the
connection itself comes from one of them; each trusted proxy appends the address it received the
request from, so the client is the rightmost address that is not a trusted proxy, and everything
further left may be made up. A client that reaches the web process directly (issue 46.5: with the
old count of proxies it picked its own address) is its socket's address whatever it writes.
Every per-IP limit (DRF throttles, the staff login guard) reads the address here and nowhere else.
"""

import ipaddress

from django.conf import settings


def _is_trusted_proxy(address: str, networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_ip(request) -> str:
    """The client's address; the socket's address when no trusted proxy says otherwise."""
    meta = getattr(request, "META", request)
    remote_addr = meta.get("REMOTE_ADDR") or ""
    networks = settings.TRUSTED_PROXY_NETWORKS
    if not networks or not _is_trusted_proxy(remote_addr, networks):
        return remote_addr
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    for address in reversed(forwarded):
        if not _is_trusted_proxy(address, networks):
            return address
    # Only proxies in the chain (a health check from inside the network): the leftmost of them.
    return forwarded[0] if forwarded else remote_addr
