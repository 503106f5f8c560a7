"""GST credit notes (`orders.credit_notes`): numbered without gaps in their own series, against the
original invoice, reversing exactly what the invoice computed, and never more than a line."""

import itertools
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from catalog.models import Category, Detail, Product
from common.errors import Conflict, DomainError
from common.money import to_paise as paise
from orders import tax
from orders.credit_notes import (
    credit_note_issue,
    credit_note_issue_for_rest,
    line_reversal,
    packs_left_to_credit,
)
from orders.models import CreditNote, CreditNoteLine, DocumentSeries, Order, OrderItem
from orders.series import financial_year
from orders.tests.conftest import give_address, make_pack

YANAM = {"street": "3 Beach Road", "city": "Yanam", "postal_code": "533464"}


@pytest.fixture
def awkward_packs(db):
    """Packs at every GST rate at prices whose tax never comes out in whole paise."""
    shelf = Category.objects.create(key="awkward", name="AWKWARD", sequence=1)
    packs = {}
    # (Prices whose lines SQLite checks exactly today; `money` makes every price exact there.)
    for rate, hsn, dprice in ((0, "0401", "27.00"), (5, "1006", "29.25"), (12, "2001", "21.11"), (18, "3401", "38.50")):
        product = Product.objects.create(
            name=f"Item at {rate}", slug=f"item-{rate}", category=shelf, hsn_code=hsn, gst_rate=rate
        )
        detail = Detail.objects.create(product=product, brand="Brand")
        packs[rate] = make_pack(detail, "1", "pcs", "100.00", dprice, 200)
    return packs


def _issue(order, lines, reason="Short pick", by=None):
    with transaction.atomic():
        Order.objects.select_for_update().get(pk=order.pk)
        return credit_note_issue(order=order, lines=lines, reason=reason, by=by)


def _line_total(line: OrderItem) -> tuple[int, int]:
    return paise(line.taxable_value), paise(line.tax)


def test_a_note_for_all_of_a_line_reverses_exactly_that_line(shopper, awkward_packs, place_order, admin_user):
    order = place_order(shopper, *((pack, 7) for pack in awkward_packs.values()))
    items = list(order.items.all())
    note = _issue(order, [(item, item.qty) for item in items], by=admin_user)

    assert note.number == f"CN/{financial_year(timezone.now())}/000001"
    assert note.invoice_number == order.invoice_number
    assert note.by == admin_user
    lines = {line.order_item_id: line for line in note.lines.all()}
    for item in items:
        line = lines[item.pk]
        assert (line.taxable_value_paise, line.tax_paise) == _line_total(item)
        assert line.amount_paise == paise(item.line_total)
        assert line.cgst_paise == line.sgst_paise == line.tax_paise // 2 and line.igst_paise == 0
        assert (line.name, line.brand, line.hsn_code, line.gst_rate, line.qty) == (
            item.name,
            item.brand,
            item.hsn_code,
            item.gst_rate,
            item.qty,
        )
    assert note.total_paise == paise(order.total_price)
    invoice = tax.tax_invoice(order)
    assert note.taxable_value_paise == paise(invoice.totals.taxable_value)
    assert (note.cgst_paise, note.sgst_paise, note.igst_paise) == tuple(
        paise(part) for part in (invoice.totals.split.cgst, invoice.totals.split.sgst, invoice.totals.split.igst)
    )


def test_outside_the_state_the_note_reverses_igst(customer, awkward_packs, place_order):
    give_address(customer, **YANAM)
    order = place_order(customer, (awkward_packs[18], 3))
    item = order.items.get()
    note = _issue(order, [(item, 1)])
    line = note.lines.get()
    assert note.interstate is True
    assert (line.cgst_paise, line.sgst_paise, line.igst_paise) == (0, 0, line.tax_paise)
    assert note.igst_paise == note.tax_paise > 0


@pytest.mark.parametrize("steps", [(1,) * 10, (3, 3, 4), (2, 5, 1, 2), (9, 1)])
@pytest.mark.parametrize("interstate", [False, True])
def test_many_partial_notes_of_one_line_add_up_to_the_line_exactly(
    customer, awkward_packs, place_order, steps, interstate
):
    give_address(
        customer, **(YANAM if interstate else {"street": "12 Main Road", "city": "Amalapuram", "postal_code": "533201"})
    )
    order = place_order(customer, *((pack, 10) for pack in awkward_packs.values()))
    for item in order.items.all():
        for packs in steps:
            note = _issue(order, [(item, packs)])
            line = note.lines.get()
            assert line.amount_paise == packs * paise(item.price)  # exactly the packs' price
        notes = CreditNoteLine.objects.filter(order_item=item)
        assert sum(line.taxable_value_paise for line in notes) == paise(item.taxable_value)
        assert sum(line.tax_paise for line in notes) == paise(item.tax)
        assert sum(line.amount_paise for line in notes) == paise(item.line_total)
        with pytest.raises(Conflict) as refused:
            _issue(order, [(item, 1)])
        assert refused.value.extra["code"] == "credit_exceeds_line"


def test_every_partial_sequence_never_exceeds_the_line_at_any_step(shopper, awkward_packs, place_order):
    """All the ways of giving back a 6-pack line in steps: each running sum stays within the line."""
    order = place_order(shopper, (awkward_packs[12], 6), (awkward_packs[5], 6))
    items = list(order.items.all())
    interstate = order.gst_interstate
    for item in items:
        line_taxable, line_tax = _line_total(item)
        for cut in range(1, 6):
            for steps in itertools.product(range(1, 7), repeat=cut):
                if sum(steps) > 6:
                    continue
                left, taxable, tax_paise = 6, 0, 0
                for packs in steps:
                    reversal = line_reversal(item, uncredited=left, packs=packs, interstate=interstate)
                    left -= packs
                    taxable += reversal.taxable_value
                    tax_paise += reversal.tax
                    assert reversal.tax >= 0 and reversal.taxable_value >= 0
                    assert taxable <= line_taxable and tax_paise <= line_tax
                if left == 0:
                    assert (taxable, tax_paise) == (line_taxable, line_tax)


def test_a_line_lowered_at_packing_plus_its_note_is_the_line_as_invoiced(shopper, awkward_packs, place_order):
    """Packing lowers the line's qty and recomputes its tax, then issues the note: the two add up."""
    order = place_order(shopper, (awkward_packs[18], 9))
    item = order.items.get()
    invoiced = _line_total(item)
    item.qty = 5
    reduced = tax.tax_included(item.price * 5, item.gst_rate, interstate=False)
    item.line_total, item.taxable_value, item.tax = item.price * 5, reduced.taxable_value, reduced.tax
    item.save()
    note = _issue(order, [(item, 4)])
    line = note.lines.get()
    assert line.taxable_value_paise + paise(item.taxable_value) == invoiced[0]
    assert line.tax_paise + paise(item.tax) == invoiced[1]
    assert packs_left_to_credit(items=[item]) == {item.pk: 5}


def test_numbers_run_without_gaps_and_a_rolled_back_note_frees_its_number(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 5))
    item = order.items.get()
    fy = financial_year(timezone.now())
    _issue(order, [(item, 1)])
    with pytest.raises(RuntimeError), transaction.atomic():
        credit_note_issue(order=order, lines=[(item, 1)], reason="x", by=None)
        raise RuntimeError("the caller fails after the note")
    second = _issue(order, [(item, 1)])
    assert second.number == f"CN/{fy}/000002"
    assert DocumentSeries.objects.get(key="CN", fy=fy).last_number == 2
    assert list(CreditNote.objects.values_list("number", flat=True)) == [f"CN/{fy}/000001", f"CN/{fy}/000002"]


@pytest.mark.parametrize("packs_given", [0, -1, True, 1.5, "2"])
def test_a_pack_count_that_is_not_a_whole_number_of_at_least_one_is_refused(shopper, packs, place_order, packs_given):
    order = place_order(shopper, (packs.oil_1l, 2))
    with pytest.raises(DomainError) as refused:
        _issue(order, [(order.items.get(), packs_given)])
    assert refused.value.status == 400
    assert not CreditNote.objects.exists()


def test_a_line_of_another_order_is_refused(shopper, other_shopper, packs, place_order):
    mine = place_order(shopper, (packs.oil_1l, 2))
    theirs = place_order(other_shopper, (packs.oil_1l, 2))
    with pytest.raises(DomainError) as refused:
        _issue(mine, [(theirs.items.get(), 1)])
    assert refused.value.extra["code"] == "line_not_on_order"
    assert not CreditNote.objects.exists()


def test_more_than_the_line_is_refused_and_nothing_is_written(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1))
    oil, rice = order.items.all()
    with pytest.raises(Conflict):
        _issue(order, [(rice, 1), (oil, 3)])
    assert not CreditNote.objects.exists() and not DocumentSeries.objects.filter(key="CN").exists()


def test_an_order_placed_before_gst_was_recorded_gets_no_note(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2))
    Order.objects.filter(pk=order.pk).update(gst_interstate=None)
    OrderItem.objects.filter(order=order).update(gst_rate=None, taxable_value=None, tax=None)
    order.refresh_from_db()
    assert _issue(order, [(order.items.get(), 1)]) is None
    assert not CreditNote.objects.exists()


def test_the_rest_of_an_order_is_what_no_note_gave_back(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 4), (packs.rice_5kg, 2))
    oil, rice = order.items.all()
    _issue(order, [(oil, 1)])
    with transaction.atomic():
        rest = credit_note_issue_for_rest(order=order, reason="Cancelled", by=None)
    assert {(line.order_item_id, line.qty) for line in rest.lines.all()} == {(oil.pk, 3), (rice.pk, 2)}
    assert sum(note.total_paise for note in CreditNote.objects.all()) == paise(order.total_price)
    with transaction.atomic():
        assert credit_note_issue_for_rest(order=order, reason="again", by=None) is None


def test_the_database_refuses_figures_that_do_not_add_up(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 1))
    fields = dict(
        order=order, number="CN-X", invoice_number=order.invoice_number, reason="x", interstate=False, cgst_paise=0
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        CreditNote.objects.create(
            **fields, taxable_value_paise=100, tax_paise=10, sgst_paise=0, igst_paise=10, total_paise=111
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        CreditNote.objects.create(
            **fields, taxable_value_paise=100, tax_paise=10, sgst_paise=5, igst_paise=0, total_paise=110
        )
    assert Decimal(order.total_price) > 0


def test_a_value_note_states_the_value_and_refuses_nothing_or_more_than_the_packs(shopper, awkward_packs, place_order):
    from orders.credit_notes import credit_note_issue_value

    order = place_order(shopper, (awkward_packs[12], 3), (awkward_packs[18], 2))
    twelve, eighteen = (order.items.get(financial=awkward_packs[rate]) for rate in (12, 18))

    with transaction.atomic():
        for refused in (Decimal("0"), Decimal("-1"), 2 * twelve.price + Decimal("0.01")):
            with pytest.raises(DomainError) as answer:
                credit_note_issue_value(order=order, lines=[(twelve, 2)], amount=refused, reason="")
            assert answer.value.status == 400 and answer.value.extra["code"] == "invalid_credit_value"
        assert not CreditNote.objects.filter(order=order).exists()

        note = credit_note_issue_value(
            order=order, lines=[(twelve, 2), (eighteen, 1)], amount=Decimal("30.00"), reason=""
        )
        whole = credit_note_issue_value(order=order, lines=[(twelve, 1)], amount=twelve.price, reason="")

    lines = list(note.lines.all())
    assert note.total_paise == sum(line.amount_paise for line in lines) == 3000
    for line in lines:  # each share's GST taken out of it at its own line's rate
        inside = tax.tax_included(Decimal(line.amount_paise) / 100, line.gst_rate, interstate=False)
        assert (line.taxable_value_paise, line.tax_paise) == (paise(inside.taxable_value), paise(inside.tax))
        assert line.cgst_paise == line.sgst_paise and line.cgst_paise + line.sgst_paise == line.tax_paise
    # The whole value of the last pack: reversed as the invoice computed it, so the line's notes
    # never pass it and every one of its packs is now credited.
    assert whole.total_paise == paise(twelve.price)
    assert packs_left_to_credit(items=[twelve, eighteen]) == {twelve.pk: 0, eighteen.pk: 1}
