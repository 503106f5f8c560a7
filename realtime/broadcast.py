"""Every committed change to a pack reaches the carts holding its product.

`catalog.events.packs_changed` is sent once per committed transaction with the ids of the
products whose packs changed (never for a rolled-back one). For each product this sends one
`productUpdate` to the product's group on the channel layer, which delivers it to every socket
holding that product in any worker process (in memory within one process by default,
channels-redis when REDIS_URL is set). The messages are built in one fixed set of queries and
rendered once, whatever the number of products or sockets.

The change has already committed when this runs, so a channel layer that is down costs the carts
their live update (they refresh on their next clientCart or page load) and nothing else: the
request, order or import that made the change carries on, and the failure is logged at most once
a minute.
"""

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from .consumers import product_group
from .layer import BROADCAST_TIMEOUT_SECONDS, bounded, broadcast_quietly
from .products import product_update_texts


async def send_product_updates(layer, texts: dict[int, str]) -> None:
    sends = (
        bounded(
            layer.group_send(product_group(product_id), {"type": "product.update", "text": text}),
            seconds=BROADCAST_TIMEOUT_SECONDS,
        )
        for product_id, text in texts.items()
    )
    await asyncio.gather(*sends)


async def _send_quietly(layer, texts: dict[int, str]) -> None:
    await broadcast_quietly(send_product_updates(layer, texts), "broadcast")


def broadcast_packs_changed(sender=None, *, product_ids=frozenset(), **kwargs) -> None:
    """The `packs_changed` receiver (connected in `RealtimeConfig.ready`)."""
    layer = get_channel_layer()
    if layer is None or not product_ids:
        return
    texts = product_update_texts(product_ids)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        async_to_sync(_send_quietly)(layer, texts)
    else:
        # Called from async code (an ORM call allowed to run on the event loop): don't block it.
        loop.create_task(_send_quietly(layer, texts))
