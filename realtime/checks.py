"""`manage.py check --deploy`: in production HTTP (gunicorn, Procfile `web`) and websockets
(Procfile `ws`) run in different processes, so a broadcast reaches the sockets only through a
channel layer both can reach. The in-memory layer (no REDIS_URL) would drop every live cart update."""

from django.conf import settings
from django.core.checks import Error, register

IN_MEMORY_LAYER = "channels.layers.InMemoryChannelLayer"


@register(deploy=True)
def channel_layer_deploy_check(app_configs, **kwargs) -> list[Error]:
    if settings.CHANNEL_LAYERS["default"]["BACKEND"] == IN_MEMORY_LAYER:
        return [
            Error(
                "The channel layer is in memory: the websocket process never hears of a change made by an HTTP worker.",
                hint="Set REDIS_URL (the cache, the channel layer and Celery's broker).",
                id="realtime.E001",
            )
        ]
    return []
