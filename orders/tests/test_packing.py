"""Packing changes (`orders.packing`): short picks and substitutions recompute the order on the
server, move stock through the catalog once, record who changed what and tell the shopper; a
refusal or a failure half-way changes nothing."""

from decimal import Decimal

import pytest
from django.test import TestCase

from aftersale import packing
from aftersale.cancellation import order_cancel
from aftersale.packing import order_line_remove, order_line_replace, order_line_set_qty
from catalog.models import Financial
from catalog.tests.announcements import announcements
from common.errors import Conflict, DomainError, NotFound
from orders import tax
from orders.events import order_changed
from orders.models import CreditNote, Order, OrderItem, OrderLineChange
from orders.pipeline import order_advance
from orders.tax import tax_invoice
from orders.tests.conftest import give_address, make_pack

pytestmark = pytest.mark.django_db

Status = Order.Status


def stock(pack: Financial) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def fresh(order: Order) -> Order:
    return Order.objects.get(pk=order.pk)


def line_of(order: Order, pack: Financial) -> OrderItem:
    return OrderItem.objects.get(order=order, financial=pack)


def assert_adds_up(order: Order) -> None:
    """Every line's tax inside its total, the lines adding up to the order, the invoice to the total."""
    order = fresh(order)
    items = list(order.items.all())
    for item in items:
        assert item.line_total == item.price * item.qty
        assert item.taxable_value + item.tax == item.line_total
        if not order.gst_interstate:
            assert (item.tax * 100) % 2 == 0  # an even number of paise: equal CGST and SGST
    assert order.items_price == sum((item.line_total for item in items), Decimal("0.00"))
    assert order.total_price == order.items_price + order.shipping_price
    assert tax_invoice(order).totals.total == order.total_price


def test_a_short_pick_returns_the_stock_recomputes_the_line_and_records_who_and_why(
    shopper, admin_user, packs, place_order, sms_outbox
):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 2))  # 3 × 399 + 2 × 145.50 = 1488
    assert stock(packs.rice_5kg) == 22
    heard = []
    order_changed.connect(listener := lambda sender, order_id, **kw: heard.append(order_id))
    try:
        with announcements() as packs_heard:
            changed = order_line_set_qty(
                order=order, item=line_of(order, packs.rice_5kg), qty=1, by=admin_user, reason="Two bags torn"
            )
    finally:
        order_changed.disconnect(listener)

    assert stock(packs.rice_5kg) == 24 and stock(packs.oil_1l) == 38
    rice = line_of(order, packs.rice_5kg)
    assert (rice.qty, rice.line_total, rice.taxable_value, rice.tax) == (
        1,
        Decimal("399.00"),
        Decimal("380.00"),
        Decimal("19.00"),
    )
    saved = fresh(order)
    assert (saved.items_price, saved.total_price) == (Decimal("690.00"), Decimal("690.00"))
    assert changed.total_price == Decimal("690.00")
    assert_adds_up(order)
    change = saved.line_changes.get()
    assert (change.kind, change.old_qty, change.new_qty, change.amount, change.by, change.reason) == (
        "reduced",
        3,
        1,
        Decimal("798.00"),
        admin_user,
        "Two bags torn",
    )
    assert change.old_pack == change.new_pack == "India Gate Sona Masoori Rice 5 kg"
    note = CreditNote.objects.get(order=order)  # the 2 packs not supplied, their GST reversed
    assert (note.invoice_number, note.total_paise, note.taxable_value_paise, note.cgst_paise, note.sgst_paise) == (
        order.invoice_number,
        79800,
        76000,
        1900,
        1900,
    )
    assert [(line.qty, line.order_item_id) for line in note.lines.all()] == [(2, rice.pk)]
    assert rice.tax * 100 + note.tax_paise == 5700  # the line as invoiced: 3 × 399 holds ₹57.00 GST
    assert heard == [order.pk]  # one order_changed, after commit
    assert packs_heard == [(frozenset({packs.rice_5kg.detail.product_id}), frozenset({packs.rice_5kg.pk}))]
    text = sms_outbox(shopper.phone_no)[-1]
    assert "India Gate Sona Masoori Rice 5 kg: 3 packs now 1" in text and "₹690.00" in text


def test_the_same_count_twice_reduces_once(shopper, admin_user, packs, place_order, sms_outbox):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    item = line_of(order, packs.rice_5kg)
    texts_before = len(sms_outbox(shopper.phone_no))

    with TestCase.captureOnCommitCallbacks(execute=True):
        order_line_set_qty(order=order, item=item, qty=2, by=admin_user)
        again = order_line_set_qty(order=order, item=item, qty=2, by=admin_user)

    assert stock(packs.rice_5kg) == 23
    assert fresh(order).line_changes.count() == 1
    assert again.total_price == Decimal("943.50")
    assert len(sms_outbox(shopper.phone_no)) == texts_before + 1


def test_removing_a_line_gives_all_its_packs_back(shopper, admin_user, packs, place_order, sms_outbox):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 3))

    with TestCase.captureOnCommitCallbacks(execute=True):
        order_line_remove(order=order, item=line_of(order, packs.oil_1l).pk, by=admin_user, reason="Out of stock")

    assert stock(packs.oil_1l) == 40
    saved = fresh(order)
    assert list(saved.items.values_list("financial_id", flat=True)) == [packs.rice_5kg.pk]
    assert saved.total_price == Decimal("798.00")
    change = saved.line_changes.get()
    assert (change.kind, change.new_qty, change.new_pack, change.amount) == ("removed", 0, "", Decimal("436.50"))
    assert "Fortune Sunflower Oil 1 L removed" in sms_outbox(shopper.phone_no)[-1]
    assert_adds_up(order)


def test_removing_twice_removes_once_and_a_gone_line_cannot_be_reduced(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 3))
    oil = line_of(order, packs.oil_1l)

    order_line_remove(order=order, item=oil, by=admin_user)
    again = order_line_set_qty(order=order, item=oil.pk, qty=0, by=admin_user)

    assert stock(packs.oil_1l) == 40 and again.total_price == Decimal("798.00")
    assert fresh(order).line_changes.count() == 1
    with pytest.raises(NotFound):
        order_line_set_qty(order=order, item=oil.pk, qty=1, by=admin_user)


def test_a_count_of_0_removes_and_the_last_line_cannot_go(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 1), (packs.oil_1l, 1))
    order_line_set_qty(order=order, item=line_of(order, packs.oil_1l), qty=0, by=admin_user)
    assert fresh(order).items.count() == 1

    with pytest.raises(Conflict) as refused:
        order_line_remove(order=order, item=line_of(order, packs.rice_5kg), by=admin_user)

    assert refused.value.extra["code"] == "last_line"
    assert fresh(order).items.count() == 1 and stock(packs.rice_5kg) == 24


@pytest.mark.parametrize(
    ("qty", "says"),
    [
        (-1, "cannot be negative"),
        (4, "can only be reduced"),
        ("1", "whole number"),
        (1.5, "whole number"),
        (True, "whole number"),
        (None, "whole number"),
    ],
)
def test_a_bad_count_is_refused_and_changes_nothing(shopper, admin_user, packs, place_order, qty, says):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))

    with pytest.raises(DomainError) as refused:
        order_line_set_qty(order=order, item=line_of(order, packs.rice_5kg), qty=qty, by=admin_user)

    assert refused.value.status == 400 and says in refused.value.message
    assert stock(packs.rice_5kg) == 22 and fresh(order).total_price == Decimal("1342.50")
    assert not OrderLineChange.objects.exists()


@pytest.mark.parametrize("reached", [Status.DISPATCHED, Status.DELIVERED, Status.CANCELLED])
def test_an_order_that_left_the_shop_or_was_cancelled_keeps_its_lines(shopper, admin_user, packs, place_order, reached):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    if reached == Status.CANCELLED:
        order_cancel(order=order, reason="Asked to", by=admin_user)
    else:
        for step in (Status.PACKED, Status.DISPATCHED, Status.DELIVERED)[: 2 if reached == Status.DISPATCHED else 3]:
            order_advance(order=order, to_status=step, by=admin_user)
    item = line_of(order, packs.rice_5kg)

    for change in (
        lambda: order_line_set_qty(order=order, item=item, qty=1, by=admin_user),
        lambda: order_line_replace(order=order, item=item, financial=packs.rice_other_brand, qty=1, by=admin_user),
    ):
        with pytest.raises(Conflict) as refused:
            change()
        assert refused.value.extra["code"] == "order_not_editable"
    assert line_of(order, packs.rice_5kg).qty == 3


def test_a_packed_order_can_still_change(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)

    order_line_set_qty(order=order, item=line_of(order, packs.rice_5kg), qty=2, by=admin_user)

    assert fresh(order).status == Status.PACKED and line_of(order, packs.rice_5kg).qty == 2


def test_a_line_of_another_order_is_not_found(shopper, other_shopper, admin_user, packs, place_order):
    mine = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    theirs = place_order(other_shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))

    with pytest.raises(NotFound):
        order_line_set_qty(order=mine, item=line_of(theirs, packs.rice_5kg), qty=1, by=admin_user)

    assert line_of(theirs, packs.rice_5kg).qty == 2


# --- substitutions -------------------------------------------------------------------------------


def test_a_dearer_pack_of_the_same_product_is_priced_at_the_line_s_own_price(
    shopper, admin_user, packs, place_order, sms_outbox
):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))  # rice at 399, Daawat at 420
    item = line_of(order, packs.rice_5kg)

    with announcements() as packs_heard:
        order_line_replace(order=order, item=item, financial=packs.rice_other_brand, qty=2, by=admin_user)

    # One announcement for both packs: the old ones back on the shelf, the new ones taken.
    assert packs_heard == [
        (frozenset({packs.rice_5kg.detail.product_id}), frozenset({packs.rice_5kg.pk, packs.rice_other_brand.pk}))
    ]
    replaced = line_of(order, packs.rice_other_brand)
    assert not OrderItem.objects.filter(pk=item.pk).exists()
    assert (replaced.financial_id, replaced.brand, replaced.price, replaced.mrp, replaced.qty) == (
        packs.rice_other_brand.pk,
        "Daawat",
        Decimal("399.00"),
        Decimal("480.00"),
        2,
    )
    assert (stock(packs.rice_5kg), stock(packs.rice_other_brand)) == (25, 8)
    # The Daawat packs cost the shopper what the India Gate ones did: nothing went back, so no note
    # (a note for the India Gate line would make the invoice and its notes add up to ₹798 more than paid).
    assert not CreditNote.objects.filter(order=order).exists()
    saved = fresh(order)
    assert saved.total_price == Decimal("943.50")
    change = saved.line_changes.get()
    assert (change.kind, change.old_pack, change.new_pack, change.amount) == (
        "replaced",
        "India Gate Sona Masoori Rice 5 kg",
        "Daawat Sona Masoori Rice 5 kg",
        Decimal("0.00"),
    )
    assert (
        "2 × India Gate Sona Masoori Rice 5 kg replaced by 2 × Daawat Sona Masoori Rice 5 kg"
        in (sms_outbox(shopper.phone_no)[-1])
    )
    assert_adds_up(order)


def test_a_cheaper_replacement_is_charged_at_its_own_price(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_other_brand, 1), (packs.oil_1l, 1))  # 420 + 145.50

    order_line_replace(
        order=order, item=line_of(order, packs.rice_other_brand), financial=packs.rice_5kg, qty=1, by=admin_user
    )

    assert line_of(order, packs.rice_5kg).price == Decimal("399.00")
    saved = fresh(order)
    assert saved.total_price == Decimal("544.50")
    assert saved.line_changes.get().amount == Decimal("21.00")
    assert_adds_up(order)


def test_a_replaced_line_keeps_its_place_in_the_order_even_when_replaced_again(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_other_brand, 1), (packs.oil_1l, 1), (packs.rice_1kg, 2))
    names = lambda: [(item.brand, item.quantity) for item in fresh(order).items.all()]  # noqa: E731
    before = names()

    order_line_replace(
        order=order, item=line_of(order, packs.rice_other_brand), financial=packs.rice_5kg, qty=1, by=admin_user
    )
    assert names() == [("India Gate", "5"), *before[1:]]  # first, where the Daawat rice was
    order_line_replace(
        order=order, item=line_of(order, packs.rice_5kg), financial=packs.rice_other_brand, qty=1, by=admin_user
    )
    assert names() == before
    assert [item.qty for item in fresh(order).items.all()] == [1, 1, 2]


def test_another_product_needs_the_shopper_s_agreement(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 1), (packs.rice_1kg, 1))
    item = line_of(order, packs.rice_5kg)

    with pytest.raises(DomainError) as refused:
        order_line_replace(order=order, item=item, financial=packs.oil_1l, qty=1, by=admin_user)

    assert refused.value.status == 400 and refused.value.extra["code"] == "other_product"
    assert (line_of(order, packs.rice_5kg).qty, stock(packs.oil_1l)) == (1, 40)

    order_line_replace(order=order, item=item, financial=packs.oil_1l, qty=2, by=admin_user, shopper_agreed=True)

    oil = line_of(order, packs.oil_1l)
    assert (oil.name, oil.price, oil.qty, oil.hsn_code) == ("Sunflower Oil", Decimal("145.50"), 2, "1512")
    assert fresh(order).total_price == Decimal("381.00")
    assert_adds_up(order)


def test_a_shopper_who_chose_a_similar_item_gets_it_at_the_lower_price(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_1kg, 1), (packs.rice_5kg, 1))
    Order.objects.filter(pk=order.pk).update(substitution_preference=Order.SubstitutionPreference.REPLACE)

    order_line_replace(order=order, item=line_of(order, packs.rice_1kg), financial=packs.oil_1l, qty=1, by=admin_user)

    assert line_of(order, packs.oil_1l).price == Decimal("90.00")  # lower of 90.00 and 145.50


def test_a_replacement_cannot_cost_more_unless_agreed_on_an_unpaid_cash_order(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_1kg, 1), (packs.oil_1l, 1))  # 90 + 145.50
    item = line_of(order, packs.rice_1kg)

    with pytest.raises(Conflict) as refused:  # 3 packs at 90 > 1 pack at 90
        order_line_replace(order=order, item=item, financial=packs.rice_5kg, qty=3, by=admin_user)
    assert refused.value.extra["code"] == "replacement_costs_more"

    order_line_replace(order=order, item=item, financial=packs.rice_5kg, qty=1, by=admin_user, shopper_agreed=True)

    saved = fresh(order)
    assert saved.total_price == Decimal("544.50")  # 399 + 145.50: the cash shopper owes more
    assert saved.line_changes.get().amount == Decimal("-309.00")
    assert_adds_up(order)


def test_a_replacement_without_stock_is_refused_and_changes_nothing(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))
    Financial.objects.filter(pk=packs.rice_other_brand.pk).update(count_in_stock=1)

    with pytest.raises(Conflict) as refused:
        order_line_replace(
            order=order, item=line_of(order, packs.rice_5kg), financial=packs.rice_other_brand, qty=2, by=admin_user
        )

    assert refused.value.extra["code"] == "out_of_stock" and "only 1 left" in refused.value.message
    assert (stock(packs.rice_5kg), stock(packs.rice_other_brand)) == (23, 1)
    assert line_of(order, packs.rice_5kg).qty == 2 and not OrderLineChange.objects.exists()


@pytest.mark.parametrize(
    ("target", "qty", "says"),
    [
        ("same", 1, "same pack"),
        ("in order", 1, "already in this order"),
        ("missing", 1, "No pack has the id"),
        ("other brand", 0, "from 1 to 10"),
        ("other brand", 11, "from 1 to 10"),
    ],
)
def test_bad_replacements_are_refused(shopper, admin_user, packs, place_order, target, qty, says):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))
    financial = {
        "same": packs.rice_5kg.pk,
        "in order": packs.oil_1l.pk,
        "missing": 999_999,
        "other brand": packs.rice_other_brand.pk,
    }[target]

    with pytest.raises(DomainError) as refused:
        order_line_replace(
            order=order, item=line_of(order, packs.rice_5kg), financial=financial, qty=qty, by=admin_user
        )

    assert refused.value.status == 400 and says in refused.value.message
    assert stock(packs.rice_5kg) == 23 and not OrderLineChange.objects.exists()


def test_the_same_replacement_twice_replaces_once(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))
    item = line_of(order, packs.rice_5kg)

    for _ in range(2):
        order_line_replace(order=order, item=item, financial=packs.rice_other_brand, qty=2, by=admin_user)

    assert (stock(packs.rice_5kg), stock(packs.rice_other_brand)) == (25, 8)
    assert fresh(order).line_changes.count() == 1


# --- exactness and failure -----------------------------------------------------------------------


@pytest.mark.parametrize("postal_code", ["533201", "533464"], ids=["cgst-sgst", "igst"])
def test_many_changes_keep_lines_gst_and_totals_exact(shopper, admin_user, packs, place_order, postal_code):
    give_address(shopper, postal_code=postal_code, city="Amalapuram" if postal_code == "533201" else "Yanam")
    odd = make_pack(packs.oil_1l.detail, "0.5", "L", "80.00", "73.33", 50)  # tax of odd paise
    spice = make_pack(packs.rice_1kg.detail, "0.25", "kg", "30.00", "27.77", 50)
    order = place_order(shopper, (odd, 7), (spice, 9), (packs.rice_5kg, 3), (packs.oil_1l, 5))
    placed_tax = {item.financial_id: item.tax for item in order.items.all()}
    stock_before = {pack.pk: stock(pack) for pack in (odd, spice, packs.rice_5kg, packs.oil_1l)}

    order_line_set_qty(order=order, item=line_of(order, odd), qty=5, by=admin_user)
    order_line_set_qty(order=order, item=line_of(order, spice), qty=4, by=admin_user)
    order_line_replace(order=order, item=line_of(order, packs.rice_5kg), financial=packs.rice_1kg, qty=3, by=admin_user)
    order_line_set_qty(order=order, item=line_of(order, odd), qty=1, by=admin_user)
    order_line_remove(order=order, item=line_of(order, packs.oil_1l), by=admin_user)
    order_line_set_qty(order=order, item=line_of(order, packs.rice_1kg), qty=2, by=admin_user)

    saved = fresh(order)
    assert saved.total_price == Decimal("73.33") + 4 * Decimal("27.77") + 2 * Decimal("90.00")
    assert_adds_up(order)
    assert {pack.pk: stock(pack) for pack in (odd, spice, packs.rice_5kg, packs.oil_1l)} == {
        odd.pk: stock_before[odd.pk] + 6,
        spice.pk: stock_before[spice.pk] + 5,
        packs.rice_5kg.pk: stock_before[packs.rice_5kg.pk] + 3,
        packs.oil_1l.pk: stock_before[packs.oil_1l.pk] + 5,
    }
    assert stock(packs.rice_1kg) == 1  # 3 taken for the replacement, 1 back
    falls = sum(saved.line_changes.values_list("amount", flat=True), Decimal("0.00"))
    placed = 7 * Decimal("73.33") + 9 * Decimal("27.77") + 3 * Decimal("399.00") + 5 * Decimal("145.50")
    assert placed - falls == saved.total_price
    # The credit notes state exactly what went back: with the lines there now they add up to what
    # was paid at placement, to the paisa (the replacement's note is the ₹927 difference only, a
    # value note with its GST split out at the replaced line's rate).
    notes = CreditNote.objects.filter(order=order)
    now = list(saved.items.all())
    assert sum(note.total_paise for note in notes) + int(saved.total_price * 100) == placed * 100
    assert sum(note.total_paise for note in notes) == int(falls * 100)
    replacement = tax.tax_included(3 * Decimal("90.00"), 5, interstate=saved.gst_interstate)
    difference = tax.tax_included(3 * Decimal("399.00") - 3 * Decimal("90.00"), 5, interstate=saved.gst_interstate)
    assert sum(note.tax_paise for note in notes) + sum(int(line.tax * 100) for line in now) == (
        (sum(placed_tax.values()) - placed_tax[packs.rice_5kg.pk] + difference.tax + replacement.tax) * 100
    )


def test_a_failure_half_way_leaves_stock_lines_and_history_unchanged(
    shopper, admin_user, packs, place_order, monkeypatch, sms_outbox
):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    texts_before = len(sms_outbox(shopper.phone_no))

    def broken(**kwargs):
        raise RuntimeError("the refund could not be written")

    monkeypatch.setattr(packing, "money_back", broken)
    with TestCase.captureOnCommitCallbacks(execute=True):
        with pytest.raises(RuntimeError):
            order_line_set_qty(order=order, item=line_of(order, packs.rice_5kg), qty=1, by=admin_user)
        with pytest.raises(RuntimeError):
            order_line_replace(
                order=order, item=line_of(order, packs.rice_5kg), financial=packs.rice_other_brand, qty=1, by=admin_user
            )

    assert (stock(packs.rice_5kg), stock(packs.rice_other_brand)) == (22, 10)
    line = line_of(order, packs.rice_5kg)
    assert (line.qty, line.line_total) == (3, Decimal("1197.00"))
    assert fresh(order).total_price == Decimal("1342.50")
    assert not OrderLineChange.objects.exists() and not CreditNote.objects.exists()
    assert len(sms_outbox(shopper.phone_no)) == texts_before


def test_a_cancel_after_a_short_pick_returns_only_what_is_left(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    order_line_set_qty(order=order, item=line_of(order, packs.rice_5kg), qty=1, by=admin_user)

    order_cancel(order=order, reason="Shopper asked", by=admin_user)

    assert (stock(packs.rice_5kg), stock(packs.oil_1l)) == (25, 40)
