"""The cart socket on channels-redis: across application instances, and with Redis down."""

import asyncio
import copy
import json
import logging
import threading
import time
import uuid

import pytest
from channels.db import database_sync_to_async
from django.db import connections, transaction

from catalog.models import Financial
from catalog.services import financial_update
from catalog.tests.factories import make_product, make_products
from conftest import free_port
from orders.tests.conftest import give_address, payload
from orders.tests.conftest import line as order_line
from realtime import layer as realtime_layer
from realtime.broadcast import broadcast_packs_changed
from realtime.consumers import CartConsumer
from realtime.tests.conftest import cart_line, client_cart

pytestmark = pytest.mark.django_db(transaction=True)


def redis_layer(url: str, *, prefix: str) -> dict:
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": url, "socket_connect_timeout": 2, "socket_timeout": 10}],
            "capacity": 1000,
            "prefix": prefix,
        },
    }


class SecondInstanceConsumer(CartConsumer):
    """The consumer as another worker process runs it: its own connection to Redis, its own inbox."""

    channel_layer_alias = "second"


def first_pack(product) -> Financial:
    return Financial.objects.filter(detail__product=product).select_related("detail").order_by("id").first()


def change_price(pack: Financial, dprice: str) -> None:
    with transaction.atomic():
        financial_update(financial=pack, dprice=dprice)


def configured_layer(settings, *, prefix: str) -> dict:
    """The project's own Redis layer settings, with a prefix of this test's own."""
    layer = copy.deepcopy(settings.CHANNEL_LAYERS["default"])
    layer["CONFIG"]["prefix"] = prefix
    return layer


@pytest.mark.redis
def test_reads_outwait_the_layers_blocking_receive(settings):
    """channels waits on Redis for up to `brpop_timeout` seconds; a read timeout no longer than
    that (redis-py's default is the same 5 s) closes idle sockets at random."""
    from channels_redis.core import RedisChannelLayer

    [host] = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    assert host["socket_timeout"] > RedisChannelLayer.brpop_timeout
    assert host["socket_connect_timeout"] <= 2


@pytest.mark.redis
async def test_a_change_made_in_one_instance_reaches_a_client_of_the_other(connect, settings):
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": configured_layer(settings, prefix=prefix),
        "second": configured_layer(settings, prefix=prefix),
    }
    pack = first_pack(make_product())
    here = await connect()
    there = await connect(app=SecondInstanceConsumer.as_asgi())
    for socket_ in (here, there):
        await socket_.send_to(text_data=client_cart(cart_line(pack)))
        assert await socket_.receive_nothing(timeout=0.3)

    await database_sync_to_async(change_price)(pack, "42")

    for socket_ in (here, there):
        message = json.loads(await socket_.receive_from(timeout=3))
        assert message["type"] == "productUpdate"
        assert message["product"]["details"][0]["financials"][0]["dprice"] in ("42.00", 42)
        assert await socket_.receive_nothing(timeout=0.3)


def at_once(calls) -> None:
    """Run the `(function, *args)` calls each on a thread of its own, released together, as the
    threads of one gunicorn gthread worker serve requests; each closes its database connection."""
    start = threading.Barrier(len(calls))
    failures = []

    def run(function, *args):
        try:
            start.wait()
            function(*args)
        except BaseException as error:  # noqa: BLE001 - reported below, in the test's thread
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not failures, failures


@pytest.mark.redis
@pytest.mark.postgres
async def test_changes_committed_at_once_by_threads_of_one_process_each_reach_their_carts(connect, settings):
    """The web process serves requests on several threads (Procfile: gunicorn's gthread worker).
    Each thread's broadcast runs on an event loop of its own, at the same time as the others, with
    one channel layer object per process: none is lost, none goes to the wrong cart, none twice."""
    prefix = f"test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": configured_layer(settings, prefix=prefix),
        "second": configured_layer(settings, prefix=prefix),
    }
    packs = [first_pack(product) for product in make_products(8, brands=1, packs=1)]
    sockets = []
    for pack in packs:
        socket_ = await connect(app=SecondInstanceConsumer.as_asgi())
        await socket_.send_to(text_data=client_cart(cart_line(pack)))
        assert await socket_.receive_nothing(timeout=0.2)
        sockets.append(socket_)

    for round_ in range(3):
        prices = [f"{40 + 10 * round_ + index}" for index in range(len(packs))]
        await asyncio.to_thread(
            at_once, [(change_price, pack, price) for pack, price in zip(packs, prices, strict=True)]
        )

        for pack, price, socket_ in zip(packs, prices, sockets, strict=True):
            message = json.loads(await socket_.receive_from(timeout=5))
            assert message["type"] == "productUpdate"
            assert message["product"]["_id"] == str(pack.detail.product_id)
            assert message["product"]["details"][0]["financials"][0]["dprice"] in (f"{price}.00", int(price))
            assert await socket_.receive_nothing(timeout=0.2)


@pytest.fixture
def redis_down(settings, caplog):
    """The channel layer pointed at a port where nothing listens: Redis is "down" there."""
    settings.CHANNEL_LAYERS = {"default": redis_layer(f"redis://127.0.0.1:{free_port()}/7", prefix="down")}
    realtime_layer.warn_layer_down.reset()
    caplog.set_level(logging.WARNING)
    yield caplog
    realtime_layer.warn_layer_down.reset()


@pytest.mark.faults
async def test_with_redis_down_sockets_are_refused_quietly(connect, redis_down):
    for _ in range(5):
        await connect(expect_open=False)
    warnings = [record for record in redis_down.records if record.name.startswith("realtime")]
    assert len(warnings) == 1
    assert "Channel layer unavailable" in warnings[0].getMessage()


@pytest.mark.faults
def test_with_redis_down_changes_commit_pages_answer_and_orders_are_placed(
    redis_down, client, api_client, customer, as_user
):
    pack = first_pack(make_product())
    started = time.monotonic()
    for dprice in ("50", "51", "52"):
        change_price(pack, dprice)
    shopper = give_address(customer)
    placed = as_user(shopper).post("/api/orders", payload([order_line(pack, qty=2)], shopper), format="json")
    assert time.monotonic() - started < 5
    assert placed.status_code == 201, placed.content
    pack.refresh_from_db()
    assert (str(pack.dprice), pack.count_in_stock) == ("52.00", 8)
    assert api_client.get(f"/api/products/{pack.detail.product_id}").status_code == 200
    assert client.get("/cart").status_code == 200
    errors = [record for record in redis_down.records if record.levelno >= logging.WARNING]
    assert len(errors) == 1, [record.getMessage() for record in errors]


@pytest.mark.faults
def test_a_broadcast_never_raises_into_the_change_that_made_it(redis_down):
    product = make_product()
    broadcast_packs_changed(product_ids=frozenset({product.pk}), financial_ids=frozenset())
    broadcast_packs_changed(product_ids=frozenset({product.pk}), financial_ids=frozenset())
    assert len(redis_down.records) == 1


@pytest.mark.faults
@pytest.mark.redis
async def test_redis_going_down_closes_open_sockets_cleanly(connect, settings, own_redis, caplog):
    settings.CHANNEL_LAYERS = {"default": redis_layer(own_redis.url, prefix="own")}
    realtime_layer.warn_layer_down.reset()
    caplog.set_level(logging.WARNING)
    pack = first_pack(make_product())
    sockets = [await connect() for _ in range(3)]
    for socket_ in sockets:
        await socket_.send_to(text_data=client_cart(cart_line(pack)))
        assert await socket_.receive_nothing(timeout=0.2)

    own_redis.stop()

    for socket_ in sockets:
        closing = await socket_.receive_output(timeout=10)
        assert closing == {"type": "websocket.close", "code": 1011}
    assert len([record for record in caplog.records if record.name.startswith("realtime")]) == 1
    realtime_layer.warn_layer_down.reset()


@pytest.mark.redis
async def test_a_200_line_cart_joins_and_leaves_its_groups_on_redis_in_one_round_trip(connect, settings):
    """Issue 33.2: the groups are joined through one Redis pipeline (realtime.layer.groups_add),
    and a change to any of the 200 products still reaches the socket; leaving empties them."""
    from channels.layers import get_channel_layer

    from realtime.consumers import product_group

    settings.CHANNEL_LAYERS = {"default": configured_layer(settings, prefix=f"test-{uuid.uuid4().hex[:8]}")}
    packs = [first_pack(product) for product in make_products(200, brands=1, packs=1)]
    socket_ = await connect()
    await socket_.send_to(text_data=client_cart(*[cart_line(pack) for pack in packs]))
    assert await socket_.receive_nothing(timeout=1)

    await database_sync_to_async(change_price)(packs[-1], "42")
    message = json.loads(await socket_.receive_from(timeout=5))
    assert message["product"]["_id"] == str(packs[-1].detail.product_id)

    await socket_.send_to(text_data=client_cart(cart_line(packs[0])))
    await asyncio.sleep(0.3)
    layer = get_channel_layer()
    connection = layer.connection(0)
    members = [await connection.zcard(layer._group_key(product_group(pack.detail.product_id))) for pack in packs]
    assert members[0] == 1 and sum(members[1:]) == 0
