"""Packing changes and money (`orders.packing` through `payments.refunds.money_back`): an online paid
order is refunded the difference automatically, a paid cash order gets store credit, an unpaid one
simply owes less; a refusal of the money leaves the change undone."""

from decimal import Decimal

import pytest
from django.test import TestCase

from aftersale.packing import order_line_remove, order_line_replace, order_line_set_qty
from catalog.models import Financial
from common.errors import Conflict
from orders.models import CreditNote, Order, OrderItem, OrderLineChange
from orders.services import order_record_cash_payment
from payments.credit import credit_balance
from payments.models import Payment, Refund
from payments.tests.test_refunds import pay_in_sandbox

pytestmark = pytest.mark.django_db


def line_of(order: Order, pack: Financial) -> OrderItem:
    return OrderItem.objects.get(order=order, financial=pack)


def test_a_short_pick_of_a_paid_online_order_is_refunded_automatically(
    shopper, admin_user, packs, place_order, sms_outbox
):
    order = place_order(shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1), method="Online")  # 291 + 399
    pay_in_sandbox(order)

    with TestCase.captureOnCommitCallbacks(execute=True):
        changed = order_line_set_qty(
            order=order, item=line_of(order, packs.oil_1l), qty=1, by=admin_user, reason="One bottle leaked"
        )

    assert changed.total_price == Decimal("544.50")
    refund = Refund.objects.get(order=order)
    assert (refund.amount_paise, refund.reason, refund.requested_by) == (14550, "One bottle leaked", admin_user)
    assert refund.state == "succeeded"  # the sandbox settles it once the change commits
    assert Payment.objects.get(order=order).refunded_paise == 14550
    assert CreditNote.objects.get(order=order).total_paise == 14550
    assert any(text.startswith("₹145.50 refunded") for text in sms_outbox(shopper.phone_no))


def test_a_substitution_of_a_paid_online_order_refunds_the_price_difference(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_other_brand, 1), (packs.oil_1l, 1), method="Online")  # 420 + 145.50
    pay_in_sandbox(order)

    order_line_replace(
        order=order, item=line_of(order, packs.rice_other_brand), financial=packs.rice_5kg, qty=1, by=admin_user
    )

    assert Refund.objects.get(order=order).amount_paise == 2100  # 420.00 - 399.00
    assert Order.objects.get(pk=order.pk).total_price == Decimal("544.50")


def test_a_replacement_of_a_paid_order_cannot_cost_more_even_if_agreed(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_1kg, 1), (packs.oil_1l, 1), method="Online")
    pay_in_sandbox(order)

    with pytest.raises(Conflict) as refused:
        order_line_replace(
            order=order,
            item=line_of(order, packs.rice_1kg),
            financial=packs.rice_5kg,
            qty=1,
            by=admin_user,
            shopper_agreed=True,
        )

    assert refused.value.extra["code"] == "replacement_costs_more"
    assert not Refund.objects.exists() and line_of(order, packs.rice_1kg).qty == 1


def test_a_paid_cash_order_gets_store_credit_and_an_unpaid_one_owes_less(shopper, admin_user, packs, place_order):
    paid = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))
    order_record_cash_payment(order=paid, by=admin_user)
    unpaid = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))

    order_line_remove(order=paid, item=line_of(paid, packs.oil_1l), by=admin_user)
    order_line_set_qty(order=unpaid, item=line_of(unpaid, packs.rice_5kg), qty=1, by=admin_user)

    assert credit_balance(user=shopper) == Decimal("145.50")
    unpaid = Order.objects.get(pk=unpaid.pk)
    assert (unpaid.total_price, unpaid.amount_due, unpaid.is_paid) == (Decimal("544.50"), Decimal("544.50"), False)
    assert not Refund.objects.exists()
    assert CreditNote.objects.filter(order=unpaid).get().total_paise == 39900  # GST reversed, paid or not


def test_when_the_money_cannot_go_back_the_change_is_undone(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1), method="Online")
    payment = pay_in_sandbox(order)
    # Everything was already refunded some other way: nothing is left to give back.
    Payment.objects.filter(pk=payment.pk).update(refunded_paise=payment.captured_paise)

    with pytest.raises(Conflict) as refused:
        order_line_set_qty(order=order, item=line_of(order, packs.oil_1l), qty=1, by=admin_user)

    assert refused.value.extra["code"] == "refund_exceeds_payment"
    assert line_of(order, packs.oil_1l).qty == 2 and Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 38
    assert not CreditNote.objects.exists() and not OrderLineChange.objects.exists()
    assert Order.objects.get(pk=order.pk).total_price == Decimal("690.00")


def test_a_substitution_s_credit_note_is_the_difference_and_invoice_less_notes_is_what_the_shopper_paid(
    shopper, admin_user, packs, place_order
):
    from books.documents import invoice_lines
    from orders import tax

    order = place_order(shopper, (packs.rice_other_brand, 2), (packs.oil_1l, 1), method="Online")  # 840 + 145.50
    pay_in_sandbox(order)
    paid = Payment.objects.get(order=order).captured_paise
    assert paid == 98550

    order_line_replace(
        order=order, item=line_of(order, packs.rice_other_brand), financial=packs.rice_5kg, qty=2, by=admin_user
    )

    refunded = Refund.objects.get(order=order).amount_paise
    assert refunded == 4200  # 2 × (420.00 − 399.00)
    [note] = CreditNote.objects.filter(order=order)
    [line] = note.lines.all()
    inside = tax.tax_included(Decimal("42.00"), 5, interstate=False)
    assert (note.total_paise, note.tax_paise, note.cgst_paise, note.sgst_paise) == (
        4200,
        int(inside.tax * 100),
        int(inside.tax * 50),
        int(inside.tax * 50),
    )
    assert note.cgst_paise + note.sgst_paise == note.tax_paise and note.taxable_value_paise + note.tax_paise == 4200
    assert (line.brand, line.hsn_code, line.gst_rate, line.qty, line.amount_paise) == ("Daawat", "1006", 5, 2, 4200)
    # The invoice as issued (the books' reading) less its notes is what the shopper paid and kept paid.
    issued = sum(
        row.taxable_value + row.cgst + row.sgst + row.igst for row in invoice_lines(Order.objects.get(pk=order.pk))
    )
    assert issued == paid
    assert issued - note.total_paise == paid - refunded == 94350
    # The invoice as it reads now (the replacement on it) and the note add up to what was paid.
    saved = Order.objects.get(pk=order.pk)
    assert int(tax.tax_invoice(saved).totals.total * 100) + note.total_paise == paid
