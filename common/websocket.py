"""A websocket handshake on a path no route serves is refused cleanly (HTTP 403 to the client, a
one-line log) instead of Channels' ValueError, which became a 500 with a traceback; the
websocket-only process answers HTTP only on /healthz."""

import logging

logger = logging.getLogger(__name__)


class RefuseUnknownPaths:
    """Wraps the outermost websocket URLRouter."""

    def __init__(self, router):
        self.router = router

    def _routed(self, path: str) -> bool:
        path = path.lstrip("/")
        return any(route.pattern.match(path) for route in self.router.routes)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not self._routed(scope["path"]):
            logger.info("Websocket refused: no route for %s", scope["path"])
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close", "code": 1008})
            return None
        return await self.router(scope, receive, send)


class WebsocketsOnlyHttp:
    """HTTP on the websocket-only process (`shop.asgi.websocket_application`): `/healthz` (for the
    load balancer's check of this process) goes to `app`, every other path answers 404, so a
    reverse proxy that sends it anything but `/ws/` is noticed at once."""

    HEALTH_PATH = "/healthz"

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["path"] == self.HEALTH_PATH:
            return await self.app(scope, receive, send)
        body = b'{"message": "This process serves websockets (/ws/) only."}'
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 404, "headers": headers})
        await send({"type": "http.response.body", "body": body})
        return None
