"""Committed pack changes reach the sockets holding the product: once per product per transaction."""

import json

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from catalog.models import Financial
from catalog.services import financial_update
from catalog.tests.factories import make_product, make_products
from realtime.products import product_update_texts
from realtime.tests.conftest import cart_line, client_cart

pytestmark = pytest.mark.django_db(transaction=True)


def packs_of(product) -> list[Financial]:
    return list(Financial.objects.filter(detail__product=product).select_related("detail").order_by("id"))


def change_prices(changes: list[tuple[Financial, str]], *, fail: bool = False) -> None:
    """New selling prices for packs through the catalog's service, in one transaction (rolled back when `fail`)."""
    with transaction.atomic():
        for pack, dprice in changes:
            financial_update(financial=pack, dprice=dprice)
        if fail:
            raise RuntimeError("rolled back")


async def messages(socket, *, quiet: float = 0.3) -> list[dict]:
    """Every message the socket receives until it has been quiet for `quiet` seconds."""
    received = []
    while not await socket.receive_nothing(timeout=quiet):
        received.append(json.loads(await socket.receive_from()))
    return received


async def test_a_committed_change_reaches_every_socket_holding_the_product_once(connect):
    rice, dal, oil = make_product("Rice"), make_product("Dal"), make_product("Oil")
    rice_pack, dal_pack, oil_pack = packs_of(rice)[0], packs_of(dal)[0], packs_of(oil)[0]
    both = await connect()
    await both.send_to(text_data=client_cart(cart_line(rice_pack), cart_line(dal_pack)))
    rice_only = await connect()
    await rice_only.send_to(text_data=client_cart(cart_line(rice_pack)))
    oil_only = await connect()
    await oil_only.send_to(text_data=client_cart(cart_line(oil_pack)))
    assert await messages(both) == []

    await database_sync_to_async(change_prices)([(rice_pack, "80"), (dal_pack, "70")])

    got = await messages(both)
    assert sorted(message["product"]["name"] for message in got) == ["Dal", "Rice"]
    rice_update = next(message for message in got if message["product"]["name"] == "Rice")
    assert rice_update["product"]["details"][0]["financials"][0]["dprice"] in ("80.00", 80)
    assert [message["product"]["name"] for message in await messages(rice_only)] == ["Rice"]
    assert await messages(oil_only) == []


async def test_many_packs_of_one_product_in_one_transaction_make_one_update(connect):
    product = make_product(
        brands={"A": [("1", "kg", "100", "90", 5), ("2", "kg", "200", "180", 5)], "B": [("1", "kg", "100", "95", 5)]}
    )
    packs = packs_of(product)
    socket = await connect()
    await socket.send_to(text_data=client_cart(*(cart_line(pack) for pack in packs)))
    # The cart is read before the change (a change committed while it is read may also be answered).
    assert await messages(socket) == []

    await database_sync_to_async(change_prices)([(pack, "50") for pack in packs])

    got = await messages(socket)
    assert len(got) == 1
    assert [pack["dprice"] for detail in got[0]["product"]["details"] for pack in detail["financials"]] in (
        ["50.00"] * 3,
        [50] * 3,
    )


async def test_a_rolled_back_change_sends_nothing(connect):
    pack = packs_of(make_product())[0]
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(pack)))

    with pytest.raises(RuntimeError):
        await database_sync_to_async(change_prices)([(pack, "10")], fail=True)

    assert await messages(socket) == []


async def test_a_product_taken_out_of_the_cart_is_no_longer_followed(connect):
    kept, dropped = packs_of(make_product())[0], packs_of(make_product())[0]
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(kept), cart_line(dropped)))
    await socket.send_to(text_data=client_cart(cart_line(kept)))
    assert await messages(socket) == []

    await database_sync_to_async(change_prices)([(dropped, "10")])
    assert await messages(socket) == []
    await database_sync_to_async(change_prices)([(kept, "10")])
    assert len(await messages(socket)) == 1


def test_the_messages_cost_the_same_queries_for_one_product_or_thirty(django_assert_num_queries):
    one, thirty = make_products(1), make_products(30, brands=3, packs=3)
    with django_assert_num_queries(3):
        assert len(product_update_texts([one[0].pk])) == 1
    with django_assert_num_queries(3):
        texts = product_update_texts([product.pk for product in thirty])
    assert len(texts) == 30
    assert all(len(json.loads(text)["product"]["details"]) == 3 for text in texts.values())
