"""The cart socket on the in-memory channel layer: clientCart, productUpdate, bad input, rate cap."""

import json

import pytest
from channels.db import database_sync_to_async

from catalog.models import Financial
from catalog.tests.factories import make_product
from realtime import consumers
from realtime.tests.conftest import cart_line, client_cart

pytestmark = pytest.mark.django_db(transaction=True)


def first_pack(product) -> Financial:
    return Financial.objects.filter(detail__product=product).select_related("detail").order_by("id").first()


async def receive(communicator) -> dict:
    return json.loads(await communicator.receive_from(timeout=2))


async def test_a_foreign_origin_is_refused(connect):
    await connect(origin=b"http://evil.example", expect_open=False)


async def test_a_current_cart_gets_no_answer(connect):
    pack = first_pack(make_product())
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(pack)))
    assert await socket.receive_nothing(timeout=0.3)


async def test_a_stale_line_gets_its_product_as_the_api_writes_it(connect, api_client):
    product = make_product(brands={"Aashirvaad": [("1", "kg", "100", "90", 25), ("5", "kg", "450", "400", 3)]})
    current, stale = Financial.objects.filter(detail__product=product).select_related("detail").order_by("id")
    other = first_pack(make_product())
    socket = await connect()

    for field, old in [("dprice", "85.00"), ("price", 120), ("Discount", 1), ("countInStock", 2)]:
        await socket.send_to(
            text_data=client_cart(cart_line(current), cart_line(stale, **{field: old}), cart_line(other))
        )
        message = await receive(socket)
        assert message["type"] == "productUpdate"
        api_product = (await database_sync_to_async(api_client.get)(f"/api/products/{product.pk}")).json()
        api_product.pop("reviews", None)
        for detail in api_product["details"]:  # the product page's Legal Metrology block, not a card's
            detail.pop("declarations", None)
        assert message["product"] == api_product, field
        assert await socket.receive_nothing(timeout=0.2)


async def test_stock_is_compared_as_the_cart_holds_it(connect):
    """A cart line holds at most the product page's pack limit (10) as its stock."""
    plenty, few = Financial.objects.filter(
        detail__product=make_product(brands={"B": [("1", "kg", "100", "90", 57), ("2", "kg", "200", "180", 3)]})
    ).order_by("id")
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(plenty, countInStock=10)))
    assert await socket.receive_nothing(timeout=0.3)
    await socket.send_to(text_data=client_cart(cart_line(plenty, countInStock=10), cart_line(few, countInStock=10)))
    message = await receive(socket)
    assert [pack["countInStock"] for pack in message["product"]["details"][0]["financials"]] == [57, 3]


async def test_numbers_and_strings_for_money_both_compare_by_value(connect):
    pack = first_pack(make_product(brands={"B": [("1", "kg", "100", "90.5", 4)]}))
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(pack, price=100, dprice=90.5)))
    assert await socket.receive_nothing(timeout=0.3)


async def test_a_pack_that_is_gone_is_answered_with_what_the_product_sells_now(connect):
    product = make_product()
    pack = first_pack(product)
    line = cart_line(pack)
    await database_sync_to_async(pack.delete)()
    socket = await connect()
    await socket.send_to(text_data=client_cart(line))
    message = await receive(socket)
    assert message["product"]["_id"] == str(product.pk)
    assert message["product"]["details"][0]["financials"] == []


async def test_a_product_that_is_gone_is_answered_with_no_packs(connect):
    product = make_product()
    line = cart_line(first_pack(product))
    await database_sync_to_async(product.delete)()
    socket = await connect()
    await socket.send_to(text_data=client_cart(line))
    assert await receive(socket) == {"type": "productUpdate", "product": {"_id": line["productId"], "details": []}}


BAD_MESSAGES = [
    ("not json", "Messages are JSON text."),
    ("[1, 2]", "Unknown message type"),
    ('{"type": "hello"}', "Unknown message type"),
    ('{"type": "clientCart"}', "cartItems"),
    ('{"type": "clientCart", "cartItems": "all"}', "cartItems"),
    ('{"type": "clientCart", "cartItems": [7]}', "cartItems"),
    ('{"type": "clientCart", "cartItems": [{"productId": "abc", "financialId": "1"}]}', "productId"),
    ('{"type": "clientCart", "cartItems": [{"productId": true, "financialId": "1"}]}', "productId"),
    ('{"type": "clientCart", "cartItems": [{"productId": "1", "financialId": "1", "price": true}]}', "price"),
    ('{"type": "clientCart", "cartItems": [{"productId": "1", "financialId": "1", "dprice": "NaN"}]}', "dprice"),
    (
        '{"type": "clientCart", "cartItems": [{"productId": "1", "financialId": "1", "countInStock": [1]}]}',
        "countInStock",
    ),
]


@pytest.mark.parametrize(("text", "complaint"), BAD_MESSAGES)
async def test_a_bad_message_gets_an_error_and_the_socket_keeps_working(connect, text, complaint):
    pack = first_pack(make_product())
    socket = await connect()
    await socket.send_to(text_data=text)
    error = await receive(socket)
    assert error["type"] == "error"
    assert complaint in error["message"]
    await socket.send_to(text_data=client_cart(cart_line(pack, dprice="1.00")))
    assert (await receive(socket))["type"] == "productUpdate"


async def test_binary_frames_too_big_messages_and_too_many_lines_get_errors(connect):
    pack = first_pack(make_product())
    socket = await connect()
    await socket.send_to(bytes_data=b"\x00\x01")
    assert (await receive(socket))["message"] == "Messages are JSON text."

    padded = json.dumps({"type": "clientCart", "cartItems": [cart_line(pack)], "pad": "x" * (64 * 1024)})
    await socket.send_to(text_data=padded)
    assert (await receive(socket))["message"] == "A message may be at most 64 KB."

    # Characters beyond ASCII count by their UTF-8 bytes: 30,000 of them are 90 KB.
    await socket.send_to(
        text_data=json.dumps({"type": "clientCart", "cartItems": [], "pad": "₹" * 30_000}, ensure_ascii=False)
    )
    assert (await receive(socket))["message"] == "A message may be at most 64 KB."

    lines = [{"productId": str(n), "financialId": str(n)} for n in range(1, 202)]
    await socket.send_to(text_data=client_cart(*lines))
    assert (await receive(socket))["message"] == "A cart has at most 200 lines."

    await socket.send_to(text_data=client_cart(*lines[:200]))
    assert (await receive(socket))["type"] == "productUpdate"  # none of those products exists


async def test_the_message_rate_is_capped_per_socket(connect, monkeypatch):
    monkeypatch.setattr(consumers, "RATE_PER_SECOND", 0.0001)
    pack = first_pack(make_product())
    stale = client_cart(cart_line(pack, dprice="1.00"))
    socket = await connect()
    for _ in range(consumers.RATE_BURST):
        await socket.send_to(text_data=stale)
        assert (await receive(socket))["type"] == "productUpdate"
    for _ in range(5):
        await socket.send_to(text_data=stale)
    assert await receive(socket) == {"type": "error", "message": "Too many messages; slow down."}
    assert await socket.receive_nothing(timeout=0.3)  # told once, the rest dropped

    other = await connect()  # the cap is per socket
    await other.send_to(text_data=stale)
    assert (await receive(other))["type"] == "productUpdate"


async def test_a_database_failure_is_an_error_message_not_a_closed_socket(connect, monkeypatch, caplog):
    from django.db import OperationalError

    pack = first_pack(make_product())
    stale = client_cart(cart_line(pack, dprice="1.00"))
    socket = await connect()

    def unavailable(ids):
        raise OperationalError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr(consumers, "stale_product_ids", unavailable)
        await socket.send_to(text_data=stale)
        error = await receive(socket)
    assert error["type"] == "error"
    assert "could not be checked" in error["message"]
    await socket.send_to(text_data=stale)
    assert (await receive(socket))["type"] == "productUpdate"


async def test_an_address_holds_at_most_its_cap_of_sockets_and_one_more_is_told_to_try_later(settings):
    """Issue 33.2: one client could open sockets without end and stall every other shopper's handshake."""
    from channels.testing import WebsocketCommunicator

    from shop.asgi import application

    settings.WS_SOCKETS_PER_ADDRESS = 3

    def socket_from(address: str) -> WebsocketCommunicator:
        communicator = WebsocketCommunicator(application, "/ws/cart/", headers=[(b"origin", b"http://testserver")])
        communicator.scope["client"] = (address, 40000)
        return communicator

    held = [socket_from("203.0.113.7") for _ in range(3)]
    for communicator in held:
        assert (await communicator.connect())[0] is True
    extra = socket_from("203.0.113.7")
    assert (await extra.connect())[0] is True
    assert await extra.receive_output(timeout=2) == {
        "type": "websocket.close",
        "code": consumers.CLOSE_TOO_MANY_SOCKETS,
    }
    # The browser answers a close by going away: the refused socket's application ends with it
    # (left open, its task outlived the test and held the event loop's close in a full CI run).
    await extra.disconnect()
    other = socket_from("198.51.100.9")
    assert (await other.connect())[0] is True

    await held[0].disconnect()
    again = socket_from("203.0.113.7")
    assert (await again.connect())[0] is True
    assert await again.receive_nothing(timeout=0.2)
    for communicator in [*held[1:], other, again]:
        await communicator.disconnect()


def signed_in_cart(token: str, pack) -> str:
    return json.dumps({**json.loads(client_cart(cart_line(pack, dprice="1.00"))), "token": token})


async def test_a_signed_in_user_holds_at_most_their_cap_of_sockets_from_any_addresses(
    settings, customer, other_customer
):
    """Issue 33.2: the sockets of a signed-in shopper (their token in clientCart) are capped per user
    as well as per address, so one account cannot spread a flood over many addresses."""
    from channels.testing import WebsocketCommunicator
    from rest_framework_simplejwt.tokens import AccessToken

    from shop.asgi import application

    settings.WS_SOCKETS_PER_USER = 2
    pack = first_pack(await database_sync_to_async(make_product)())
    mine, theirs = [str(AccessToken.for_user(user)) for user in (customer, other_customer)]
    addresses = iter(f"203.0.113.{n}" for n in range(1, 50))

    async def signed_in_socket(token: str) -> WebsocketCommunicator:
        communicator = WebsocketCommunicator(application, "/ws/cart/", headers=[(b"origin", b"http://testserver")])
        communicator.scope["client"] = (next(addresses), 40000)  # a new address each: only the user's cap binds
        assert (await communicator.connect())[0] is True
        await communicator.send_to(text_data=signed_in_cart(token, pack))
        return communicator

    held = [await signed_in_socket(mine) for _ in range(2)]
    for communicator in held:
        assert (await receive(communicator))["type"] == "productUpdate"
    extra = await signed_in_socket(mine)
    assert await receive(extra) == {
        "type": "error",
        "message": "This account has too many windows open; try again later.",
    }
    assert await extra.receive_output(timeout=2) == {
        "type": "websocket.close",
        "code": consumers.CLOSE_TOO_MANY_SOCKETS,
    }

    # Another user, a guest and a token that is not valid are not held back by this user's count.
    other = await signed_in_socket(theirs)
    assert (await receive(other))["type"] == "productUpdate"
    forged = await signed_in_socket(mine[:-4] + "AAAA")
    assert (await receive(forged))["type"] == "productUpdate"

    # A socket closed gives its place back.
    await held[0].disconnect()
    again = await signed_in_socket(mine)
    assert (await receive(again))["type"] == "productUpdate"
    for communicator in [*held[1:], other, forged, again]:
        await communicator.disconnect()


async def test_signing_out_on_a_socket_gives_its_place_back(settings, customer):
    from channels.testing import WebsocketCommunicator
    from rest_framework_simplejwt.tokens import AccessToken

    from realtime.limits import sockets_per_user
    from shop.asgi import application

    settings.WS_SOCKETS_PER_USER = 1
    pack = first_pack(await database_sync_to_async(make_product)())
    token = str(AccessToken.for_user(customer))
    socket = WebsocketCommunicator(application, "/ws/cart/", headers=[(b"origin", b"http://testserver")])
    assert (await socket.connect())[0] is True
    await socket.send_to(text_data=signed_in_cart(token, pack))
    assert (await receive(socket))["type"] == "productUpdate"
    assert sockets_per_user.open_sockets(customer.pk) == 1
    await socket.send_to(text_data=client_cart(cart_line(pack, dprice="2.00")))  # signed out: no token
    assert (await receive(socket))["type"] == "productUpdate"
    assert sockets_per_user.open_sockets(customer.pk) == 0
    await socket.disconnect()


async def test_a_200_line_cart_joins_its_groups_in_one_call(connect, monkeypatch, settings):
    """Issue 33.2: each line was a channel-layer call of its own (two Redis round trips), in turn.
    (On Redis the call is one pipeline: test_redis_layer.py.)"""
    from catalog.tests.factories import make_products

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

    packs = [first_pack(product) for product in await database_sync_to_async(make_products)(200, brands=1, packs=1)]
    calls = []
    real_bounded = consumers.bounded

    async def counted(call, **lane):
        calls.append(call)
        return await real_bounded(call, **lane)

    monkeypatch.setattr(consumers, "bounded", counted)
    socket = await connect()
    calls.clear()
    await socket.send_to(text_data=client_cart(*[cart_line(pack) for pack in packs]))
    assert await socket.receive_nothing(timeout=1)
    assert len(calls) <= 2, len(calls)
    from channels.layers import get_channel_layer

    groups = get_channel_layer().groups
    assert all(
        product_group in groups for product_group in [consumers.product_group(p.detail.product_id) for p in packs]
    )


async def test_a_big_cart_finding_the_lane_full_is_shed_with_1013_and_a_small_one_is_answered(connect, monkeypatch):
    """Issue 33.2: 500 big carts were validated and read on the event loop, in turn, ahead of every
    small one; now they wait in a lane of their own, and past BIG_CARTS_WAITING they are shed."""
    from catalog.tests.factories import make_products

    packs = [first_pack(product) for product in make_products(consumers.SMALL_CART_LINES + 1, brands=1, packs=1)]
    monkeypatch.setattr(consumers, "BIG_CARTS_WAITING", 0)
    big = await connect()
    await big.send_to(text_data=client_cart(*[cart_line(pack) for pack in packs]))
    assert (await receive(big))["message"] == "The shop is busy; the cart will be checked when you reconnect."
    assert await big.receive_output(timeout=2) == {"type": "websocket.close", "code": consumers.CLOSE_BUSY}

    small = await connect()
    await small.send_to(text_data=client_cart(cart_line(packs[0], countInStock=0)))
    assert (await receive(small))["type"] == "productUpdate"


async def test_a_big_cart_validated_in_slices_names_a_bad_line_as_a_whole_cart_would(connect):
    from catalog.tests.factories import make_products

    packs = [first_pack(product) for product in await database_sync_to_async(make_products)(45, brands=1, packs=1)]
    lines = [json.loads(client_cart(cart_line(pack)))["cartItems"][0] for pack in packs]
    lines[41]["productId"] = "not an id"
    whole, problem = consumers._validated_lines({"cartItems": lines})
    assert whole is None and "41" in problem
    socket = await connect()
    await socket.send_to(text_data=json.dumps({"type": "clientCart", "cartItems": lines}))
    assert await receive(socket) == {"type": "error", "message": problem}

    lines[41]["productId"] = str(packs[41].detail.product_id)
    lines[44]["countInStock"] = 0  # stale: only its product is answered
    await socket.send_to(text_data=json.dumps({"type": "clientCart", "cartItems": lines}))
    assert (await receive(socket))["product"]["_id"] == str(packs[44].detail.product_id)
    assert await socket.receive_nothing(timeout=0.5)


async def test_a_long_message_finding_the_lane_full_is_shed_before_it_is_parsed(connect, monkeypatch):
    """500 big carts arriving at once were each parsed on the event loop only to be shed."""
    monkeypatch.setattr(consumers, "BIG_CARTS_WAITING", 0)
    socket = await connect()
    await socket.send_to(text_data="x" * (consumers.SMALL_CART_BYTES + 1))  # not JSON: parsing would say so
    assert (await receive(socket))["message"] == "The shop is busy; the cart will be checked when you reconnect."
    assert await socket.receive_output(timeout=2) == {"type": "websocket.close", "code": consumers.CLOSE_BUSY}

    monkeypatch.setattr(consumers, "BIG_CARTS_WAITING", 4)
    socket = await connect()
    await socket.send_to(text_data="x" * (consumers.SMALL_CART_BYTES + 1))
    assert (await receive(socket)) == {"type": "error", "message": "Messages are JSON text."}


async def test_no_message_waits_for_a_hop_to_the_database_thread(connect, monkeypatch):
    """Channels hopped to the one database thread of the process before every message; 500 big
    carts arriving at once queued a new shopper's connect behind 500 hops. Only the reads hop."""
    import channels.consumer

    hops = []

    async def counted():
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    pack = first_pack(await database_sync_to_async(make_product)())
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(pack, dprice="1.00")))
    assert (await receive(socket))["type"] == "productUpdate"
    await socket.disconnect()
    assert hops == []


async def test_a_deeply_nested_message_is_refused_quietly(connect, caplog):
    """Issue 33.9: a 30,000-deep JSON array raised RecursionError, with a traceback in the log."""
    socket = await connect()
    await socket.send_to(text_data="[" * 30000 + "]" * 30000)
    assert (await receive(socket)) == {"type": "error", "message": "Messages are JSON text."}
    await socket.send_to(text_data=client_cart())
    assert await socket.receive_nothing(timeout=0.3)
    assert not [record for record in caplog.records if record.levelname in ("ERROR", "CRITICAL")]
