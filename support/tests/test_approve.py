"""Staff approve a problem report: a credit note for the reported packs and the money back, once."""

from decimal import Decimal

import pytest

from aftersale.problem_reports import ticket_approve
from conftest import client_for
from orders.models import CreditNote
from payments.credit import credit_balance
from payments.models import Refund, StoreCreditEntry
from support.models import Ticket
from support.services import ReportedLine, ticket_open_problem_report
from support.tests.conftest import lines_of

pytestmark = pytest.mark.django_db


def report(order, *lines):
    return ticket_open_problem_report(
        user=order.user,
        public_id=order.public_id,
        lines=[ReportedLine(item.pk, problem, qty) for item, problem, qty in lines],
    )


def approve(admin, ticket, **body):
    return client_for(admin).post(f"/api/support/tickets/{ticket.number}/approve", body, format="json")


def test_a_cash_order_gets_store_credit_and_a_credit_note_for_the_reported_packs(
    delivered, admin_user, shopper, sms_outbox, django_capture_on_commit_callbacks
):
    oil, rice = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 2), (rice, "missing", 1))

    with django_capture_on_commit_callbacks(execute=True):
        response = approve(admin_user, ticket)

    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["status"], data["amountApproved"], data["outcome"]) == ("approved", 690, "credit")
    assert credit_balance(user=shopper) == Decimal("690.00")
    [note] = CreditNote.objects.filter(order=delivered)
    assert sorted((line.order_item_id, line.qty) for line in note.lines.all()) == [(oil.pk, 2), (rice.pk, 1)]
    ticket.refresh_from_db()
    assert ticket.credit_note_id == note.pk and ticket.credit_entry_id is not None and ticket.refund_id is None
    assert ticket.decided_by == admin_user and ticket.resolved_at is not None
    texts = sms_outbox(shopper.phone_no)
    assert any("690.00" in text and "store credit" in text for text in texts)


def test_staff_may_lower_the_amount_never_raise_it(delivered, admin_user, shopper):
    oil, _ = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 1))

    too_much = approve(admin_user, ticket, amount="145.51")
    nothing = approve(admin_user, ticket, amount=0)
    lowered = approve(admin_user, ticket, amount="100")

    assert too_much.status_code == 400 and "145.50" in too_much.json()["message"]
    assert nothing.status_code == 400
    assert lowered.status_code == 200
    assert lowered.json()["amountApproved"] == 100
    assert credit_balance(user=shopper) == Decimal("100.00")


@pytest.mark.parametrize("postal_code", ["533201", "533464"], ids=["cgst-sgst", "igst"])
def test_approving_less_than_asked_issues_a_credit_note_of_exactly_that_amount(
    shopper, packs, place_order, deliver, admin_user, postal_code
):
    from orders import tax
    from orders.tests.conftest import give_address, make_pack

    give_address(shopper, postal_code=postal_code, city="Amalapuram" if postal_code == "533201" else "Yanam")
    tin = make_pack(packs.oil_1l.detail, "2", "L", "290.00", "261.00", 10)
    order = deliver(place_order(shopper, (tin, 1), (packs.oil_1l, 2)))
    line = order.items.get(financial=tin)
    ticket = report(order, (line, "damaged", 1))

    response = approve(admin_user, ticket, amount="200")

    assert response.status_code == 200, response.content
    assert credit_balance(user=shopper) == Decimal("200.00")
    [note] = CreditNote.objects.filter(order=order)
    [note_line] = note.lines.all()
    inside = tax.tax_included(Decimal("200.00"), 5, interstate=postal_code == "533464")
    assert (note.total_paise, note.taxable_value_paise, note.tax_paise) == (
        20000,
        int(inside.taxable_value * 100),
        int(inside.tax * 100),
    )
    if postal_code == "533201":  # ₹9.52 of GST inside ₹200 at 5 %, halved exactly
        assert (note.cgst_paise, note.sgst_paise, note.igst_paise) == (476, 476, 0)
    else:
        assert (note.cgst_paise, note.sgst_paise, note.igst_paise) == (0, 0, 952)
    assert (note_line.order_item_id, note_line.hsn_code, note_line.gst_rate, note_line.qty) == (line.pk, "1512", 5, 1)
    assert (note_line.amount_paise, note_line.tax_paise) == (note.total_paise, note.tax_paise)
    assert note_line.cgst_paise + note_line.sgst_paise + note_line.igst_paise == note_line.tax_paise


def test_a_lowered_amount_over_several_lines_is_shared_and_adds_up_to_the_paisa(delivered, admin_user, shopper):
    oil, rice = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 2), (rice, "missing", 1))  # 291.00 + 399.00

    response = approve(admin_user, ticket, amount="100.01")

    assert response.status_code == 200, response.content
    [note] = CreditNote.objects.filter(order=delivered)
    lines = {line.order_item_id: line for line in note.lines.all()}
    assert note.total_paise == sum(line.amount_paise for line in lines.values()) == 10001
    assert note.tax_paise == sum(line.tax_paise for line in lines.values()) == note.cgst_paise + note.sgst_paise
    assert (lines[oil.pk].qty, lines[rice.pk].qty) == (2, 1)
    # In proportion to the packs' values: 291 : 399 of ₹100.01.
    assert (lines[oil.pk].amount_paise, lines[rice.pk].amount_paise) == (4218, 5783)


def test_an_online_order_is_refunded_to_its_payment(
    shopper, packs, place_order, deliver, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    from payments.tests.test_refunds import pay_in_sandbox

    order = place_order(shopper, (packs.oil_1l, 2), method="Online")
    payment = pay_in_sandbox(order)
    order = deliver(order)
    [item] = order.items.all()
    ticket = report(order, (item, "expired", 1))

    with django_capture_on_commit_callbacks(execute=True):
        response = approve(admin_user, ticket)

    assert response.status_code == 200, response.content
    assert (response.json()["outcome"], response.json()["amountApproved"]) == ("refund", 145.5)
    [refund] = Refund.objects.filter(order=order)
    assert (refund.payment_id, refund.amount_paise) == (payment.pk, 14550)
    ticket.refresh_from_db()
    assert ticket.refund_id == refund.pk
    assert credit_balance(user=shopper) == 0
    assert any(ticket.number in text and "145.50" in text for text in sms_outbox(shopper.phone_no))
    order_answer = client_for(shopper).get(f"/api/orders/{order.public_id}").json()
    assert [r["amount"] for r in order_answer["refunds"]] == [145.5]


def test_a_decided_ticket_gives_money_back_once(delivered, admin_user, shopper):
    oil, _ = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 1))
    first = approve(admin_user, ticket)

    again = approve(admin_user, ticket)

    assert first.status_code == 200
    assert again.status_code == 409 and again.json()["code"] == "ticket_decided"
    assert StoreCreditEntry.objects.filter(account__user=shopper).count() == 1
    assert CreditNote.objects.filter(order=delivered).count() == 1


def test_approved_packs_cannot_be_reported_again(delivered, admin_user, shopper):
    oil, _ = lines_of(delivered)
    approve(admin_user, report(delivered, (oil, "damaged", 3)))

    response = client_for(shopper).post(
        "/api/support/tickets",
        {"order": delivered.public_id, "lines": [{"item": oil.pk, "problem": "damaged", "quantity": 1}]},
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["code"] == "already_refunded"
    state = client_for(shopper).get(f"/api/support/orders/{delivered.public_id}").json()
    assert [line["reportable"] for line in state["lines"]] == [0, 2]


def test_an_unpaid_order_is_refused_until_its_payment_is_recorded(shopper, packs, place_order, deliver, admin_user):
    order = deliver(place_order(shopper, (packs.oil_1l, 1)), paid=False)
    [item] = order.items.all()
    ticket = report(order, (item, "missing", 1))

    response = approve(admin_user, ticket)

    assert response.status_code == 409 and response.json()["code"] == "order_unpaid"
    assert Ticket.objects.get().status == "open"
    assert not CreditNote.objects.exists()


def test_a_failure_between_steps_writes_nothing(delivered, admin_user, shopper, monkeypatch):
    """The credit note is issued, then money_back fails: the note, the credit and the decision roll back."""
    import aftersale.problem_reports

    oil, _ = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 1))

    def broken(**kwargs):
        raise RuntimeError("the ledger is unreachable")

    monkeypatch.setattr(aftersale.problem_reports, "money_back", broken)
    with pytest.raises(RuntimeError):
        ticket_approve(number=ticket.number, by=admin_user)

    assert not CreditNote.objects.exists()
    assert credit_balance(user=shopper) == 0
    assert Ticket.objects.get().status == "open"


def test_customers_cannot_approve(delivered, shopper):
    oil, _ = lines_of(delivered)
    ticket = report(delivered, (oil, "damaged", 1))
    assert approve(shopper, ticket).status_code == 403
    assert not Refund.objects.exists() and not StoreCreditEntry.objects.exists()


def test_the_books_still_balance_with_value_credit_notes(delivered, shopper, packs, place_order, admin_user, settings):
    """GSTR-1 and the Tally export over a month with a partly approved ticket and a substitution at
    packing: the return nets to what the shoppers paid and kept paid, and every voucher balances."""
    import xml.etree.ElementTree as ET

    from aftersale.packing import order_line_replace
    from books import tally
    from books.gstr1 import gstr1
    from books.periods import period_of
    from orders.models import Order
    from orders.series import INDIA
    from payments.tests.test_refunds import pay_in_sandbox

    settings.STORE_GST_NUMBER = "37ABCDE1234F1Z5"
    oil, rice = lines_of(delivered)  # 3 × 145.50 + 2 × 399.00 = 1234.50, paid in cash
    assert approve(admin_user, report(delivered, (oil, "damaged", 2)), amount="200").status_code == 200
    online = place_order(shopper, (packs.rice_other_brand, 2), (packs.oil_1l, 1), method="Online")  # 985.50
    pay_in_sandbox(online)
    order_line_replace(
        order=online,
        item=online.items.get(financial=packs.rice_other_brand),
        financial=packs.rice_5kg,
        qty=2,
        by=admin_user,
    )
    kept_paid = (123450 - 20000) + (98550 - 4200)
    assert Order.objects.count() == 2

    from django.utils import timezone

    period = period_of(timezone.now().astimezone(INDIA).strftime("%m%Y"))
    built = gstr1(period)
    net = built.summary()["net"]
    assert round((net["taxableValue"] + net["cgst"] + net["sgst"] + net["igst"]) * 100) == kept_paid
    data = built.as_json()
    b2cs = sum(row["txval"] for row in data["b2cs"])
    hsn = sum(row["txval"] for part in data["hsn"].values() for row in part)
    assert round(b2cs, 2) == round(hsn, 2) == net["taxableValue"]
    root = ET.fromstring("".join(tally.tally_xml(period)).encode())
    vouchers = list(root.iter("VOUCHER"))
    assert {v.get("VCHTYPE") for v in vouchers} == {"Sales", "Credit Note"}
    for voucher in vouchers:
        amounts = [Decimal(entry.findtext("AMOUNT")) for entry in voucher.iter("ALLLEDGERENTRIES.LIST")]
        assert sum(amounts) == 0, voucher.findtext("VOUCHERNUMBER")
