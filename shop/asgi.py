"""One ASGI application for HTTP and websockets."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402  (needs Django set up)
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from common.websocket import RefuseUnknownPaths  # noqa: E402
from realtime.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(RefuseUnknownPaths(URLRouter(websocket_urlpatterns))),
    }
)
