"""A websocket handshake on a path no route serves is refused cleanly (HTTP 403 to the client, a
one-line log) instead of Channels' ValueError, which became a 500 with a traceback."""

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
