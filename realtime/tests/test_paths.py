"""Every way a pack changes reaches an open cart holding its product, through the catalog's
"packs changed" event: the admin API, Django admin, CSV import, demo data, order placement, order
cancellation and the cancellation of an abandoned online order."""

import io
import json

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.test import Client

from catalog.models import Financial, Product
from catalog.tests.factories import make_category, make_product
from orders.tests.conftest import give_address, payload
from orders.tests.conftest import line as order_line
from realtime.tests.conftest import cart_line, client_cart

pytestmark = pytest.mark.django_db(transaction=True)


def the_pack(product: Product) -> Financial:
    return Financial.objects.filter(detail__product=product).select_related("detail__product").order_by("id").first()


async def cart_holding(connect, pack: Financial):
    socket = await connect()
    await socket.send_to(text_data=client_cart(cart_line(pack)))
    assert await socket.receive_nothing(timeout=0.3)
    return socket


async def updates(socket) -> list[dict]:
    received = []
    while not await socket.receive_nothing(timeout=0.5):
        received.append(json.loads(await socket.receive_from()))
    return received


def pack_in(message: dict, pack: Financial) -> dict:
    return next(
        financial
        for detail in message["product"]["details"]
        for financial in detail["financials"]
        if financial["_id"] == str(pack.pk)
    )


@pytest.fixture
def oil():
    return make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Fortune": [("1", "L", "160", "150", 40)]}
    )


async def test_the_admin_api_edit(connect, oil, admin_user, as_user):
    pack = the_pack(oil)
    socket = await cart_holding(connect, pack)
    body = {
        "slug": oil.slug,
        "name": oil.name,
        "category": "OILS",
        "brand": "Fortune",
        "price": "160",
        "discount": "25",
        "quantity": "1",
    }
    response = await database_sync_to_async(as_user(admin_user).put)(
        f"/api/products/{oil.pk}/details/{pack.detail_id}", body, format="json"
    )
    assert response.status_code == 200, response.content
    [message] = await updates(socket)
    assert pack_in(message, pack)["dprice"] == 120


async def test_django_admin(connect, oil, admin_user):
    pack = the_pack(oil)
    socket = await cart_holding(connect, pack)
    staff = Client()
    staff.force_login(admin_user)
    form = {
        "detail": pack.detail_id,
        "quantity": "1",
        "units": "L",
        "price": "160",
        "dprice": "99",
        "count_in_stock": "40",
        "published": "on",  # issue 45: the form's "Shown to shoppers" box, ticked as the pack was
        # The pack's barcodes inline (issue 41), none added.
        "barcodes-TOTAL_FORMS": "0",
        "barcodes-INITIAL_FORMS": "0",
    }
    response = await database_sync_to_async(staff.post)(f"/staff/catalog/financial/{pack.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    [message] = await updates(socket)
    assert pack_in(message, pack)["dprice"] == 99


async def test_csv_import(connect, oil, tmp_path):
    pack = the_pack(oil)
    socket = await cart_holding(connect, pack)
    csv_file = tmp_path / "catalog.csv"
    csv_file.write_text(
        "category,product,brand,quantity,units,price,dprice,count_in_stock\n"
        "OILS,Sunflower Oil,Fortune,1,L,160,140,12\n"
        "OILS,Groundnut Oil,Dhara,1,L,200,190,5\n"
    )
    await database_sync_to_async(call_command)("import_catalog", str(csv_file), stdout=io.StringIO())
    [message] = await updates(socket)
    assert (pack_in(message, pack)["dprice"], pack_in(message, pack)["countInStock"]) == (140, 12)


async def test_demo_data_adding_a_pack_to_a_product_in_the_cart(connect):
    await database_sync_to_async(call_command)("seed_demo", stdout=io.StringIO())
    product = Product.objects.filter(details__financials__isnull=False).order_by("id").first()
    kept, removed = Financial.objects.filter(detail__product=product).order_by("id")[:2]
    await database_sync_to_async(removed.delete)()
    socket = await cart_holding(connect, Financial.objects.select_related("detail").get(pk=kept.pk))

    await database_sync_to_async(call_command)("seed_demo", stdout=io.StringIO())

    [message] = await updates(socket)
    assert message["product"]["_id"] == str(product.pk)
    restored = Financial.objects.get(detail_id=removed.detail_id, quantity=removed.quantity, units=removed.units)
    assert pack_in(message, restored)["dprice"] == float(restored.dprice)


async def test_order_placement_and_cancellation(connect, oil, customer, admin_user, as_user):
    pack = the_pack(oil)
    shopper = give_address(customer)
    socket = await cart_holding(connect, pack)

    placed = await database_sync_to_async(as_user(shopper).post)(
        "/api/orders", payload([order_line(pack, qty=3)], shopper), format="json"
    )
    assert placed.status_code == 201, placed.content
    [message] = await updates(socket)
    assert pack_in(message, pack)["countInStock"] == 37

    order_id = placed.json()["_id"]
    cancelled = await database_sync_to_async(as_user(admin_user).put)(
        f"/api/orders/{order_id}/cancel", {"reason": "Shopper phoned to cancel"}, format="json"
    )
    assert cancelled.status_code == 200, cancelled.content
    [message] = await updates(socket)
    assert pack_in(message, pack)["countInStock"] == 40


async def test_an_abandoned_online_order_giving_its_stock_back(connect, oil, customer, as_user, settings):
    from datetime import timedelta

    from django.utils import timezone

    from aftersale.tasks import cancel_abandoned_orders
    from orders.models import Order

    settings.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES = 30
    pack = the_pack(oil)
    shopper = give_address(customer)
    placed = await database_sync_to_async(as_user(shopper).post)(
        "/api/orders", payload([order_line(pack, qty=2)], shopper, method="Online"), format="json"
    )
    assert placed.status_code == 201, placed.content
    await database_sync_to_async(Order.objects.filter(public_id=placed.json()["_id"]).update)(
        created_at=timezone.now() - timedelta(minutes=31)
    )
    socket = await cart_holding(connect, Financial.objects.select_related("detail").get(pk=pack.pk))

    assert await database_sync_to_async(cancel_abandoned_orders)() == 1

    [message] = await updates(socket)
    assert pack_in(message, pack)["countInStock"] == 40
