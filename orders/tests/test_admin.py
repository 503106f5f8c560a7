"""Django admin (/staff/): orders searchable and filterable, read-only, moved by actions."""

import pytest

from orders.models import Order
from orders.pipeline import order_advance

pytestmark = pytest.mark.django_db

CHANGELIST = "/staff/orders/order/"


@pytest.fixture
def staff(client, admin_user):
    client.force_login(admin_user)
    return client


def run_action(staff, action, orders):
    selection = {"action": action, "_selected_action": [order.pk for order in orders]}
    response = staff.post(CHANGELIST, selection, follow=True)
    assert response.status_code == 200
    return [str(message) for message in response.context["messages"]]


def test_the_changelist_searches_by_id_invoice_and_phone(staff, shopper, other_shopper, place_order):
    mine, theirs = place_order(shopper), place_order(other_shopper)

    for query, expected in [
        (mine.public_id, mine),
        (theirs.invoice_number, theirs),
        (other_shopper.phone_no, theirs),
    ]:
        response = staff.get(CHANGELIST, {"q": query})
        assert response.status_code == 200
        assert list(response.context["cl"].result_list) == [expected]


def test_the_changelist_filters_by_status_paid_and_date(staff, shopper, admin_user, place_order):
    placed, packed = place_order(shopper), place_order(shopper)
    order_advance(order=packed, to_status=Order.Status.PACKED, by=admin_user)
    day = placed.created_at

    assert list(staff.get(CHANGELIST, {"status__exact": "packed"}).context["cl"].result_list) == [packed]
    assert len(staff.get(CHANGELIST, {"is_paid__exact": "0"}).context["cl"].result_list) == 2
    by_day = staff.get(CHANGELIST, {"created_at__year": day.year, "created_at__month": day.month})
    assert by_day.status_code == 200


def test_an_order_page_shows_its_lines_and_cannot_be_edited(staff, shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1))

    response = staff.get(f"{CHANGELIST}{order.pk}/change/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Sunflower Oil" in page and "Sona Masoori Rice" in page
    assert 'name="total_price"' not in page and 'name="status"' not in page
    assert staff.get(f"{CHANGELIST}add/").status_code == 403


def test_pipeline_actions_go_through_the_rules_and_report_each_refusal(staff, shopper, admin_user, place_order):
    placed, packed = place_order(shopper), place_order(shopper)
    order_advance(order=packed, to_status=Order.Status.PACKED, by=admin_user)

    messages = run_action(staff, "mark_dispatched", [placed, packed])

    assert "1 order(s) marked dispatched." in messages
    assert any(message.startswith(f"{placed.invoice_number}: ") and "must be packed" in message for message in messages)
    assert Order.objects.get(pk=packed.pk).status == "dispatched"
    assert Order.objects.get(pk=placed.pk).status == "placed"

    run_action(staff, "mark_packed", [placed])
    run_action(staff, "mark_delivered", [packed])
    assert Order.objects.get(pk=placed.pk).status == "packed"
    assert Order.objects.get(pk=packed.pk).is_delivered


def test_recording_a_cash_payment_from_the_admin(staff, shopper, place_order):
    order, already_paid = place_order(shopper), place_order(shopper)
    run_action(staff, "record_cash_payment", [already_paid])

    messages = run_action(staff, "record_cash_payment", [order, already_paid])

    assert "1 order(s) marked paid in cash." in messages
    assert f"{already_paid.invoice_number}: Order {already_paid.public_id} is already paid." in messages
    order.refresh_from_db()
    assert order.is_paid and order.payment_reference == f"CASH-{order.invoice_number}"


def test_customers_cannot_open_the_orders_admin(client, shopper):
    client.force_login(shopper)
    response = client.get(CHANGELIST)
    assert response.status_code == 302 and "/staff/login/" in response["Location"]


def test_credit_notes_are_listed_searchable_and_read_only(staff, shopper, packs, place_order):
    from django.db import transaction

    from orders.credit_notes import credit_note_issue

    order = place_order(shopper, (packs.oil_1l, 3))
    with transaction.atomic():
        note = credit_note_issue(order=order, lines=[(order.items.get(), 1)], reason="Short pick", by=None)
    listing = staff.get("/staff/orders/creditnote/", {"q": order.public_id})
    assert listing.status_code == 200 and note.number in listing.content.decode()
    page = staff.get(f"/staff/orders/creditnote/{note.pk}/change/")
    assert page.status_code == 200 and "Short pick" in page.content.decode()
    assert staff.post(f"/staff/orders/creditnote/{note.pk}/change/", {"reason": "Edited"}).status_code == 403
    assert staff.get("/staff/orders/creditnote/add/").status_code == 403


def test_the_changelist_fits_1280_px_by_invoice_number_without_the_app_sidebar(staff, shopper, place_order):
    order = place_order(shopper)
    page = staff.get("/staff/orders/order/")
    html = page.content.decode()
    assert page.status_code == 200
    assert order.invoice_number in html and 'id="nav-sidebar"' not in html
    assert "column-public_id" not in html and "column-placed_on" in html
