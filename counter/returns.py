"""Returns and exchanges at the counter, against a bill: the one writer of a `CounterReturn`.

Goods come back with the bill; the cashier says how many of each line and whether each is fit to
sell again. In one transaction, with the bill's order row locked:
- a GST credit note for those packs (`orders.credit_notes`, the one owner of the figures; it refuses
  more packs than the bill has left to give back: 409 `credit_exceeds_line`);
- money back: what the bill paid in store credit comes back as credit first; the rest in cash from
  the drawer (counted in the day's close) or as store credit to the bill's registered customer;
- stock: the packs go back to the batches the bill took them from (`catalog.stock.stock_return`,
  by the order's stock reference); damaged ones go back and are written off at once from that same
  batch (reason damaged), so the stock's history shows both.

An exchange is a return and a new bill: the shopper's money back pays the new bill (cash, or the
store credit the return just gave).
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from catalog.stock import stock_return
from common.error_codes import CommonErrorCode
from common.errors import InvalidValue
from common.text import clean_reason
from counter.error_codes import CounterErrorCode
from counter.models import Counter, CounterBill, CounterReturn, CounterReturnLine
from counter.services import KeyReused, bill_fingerprint_of, shop_day, written_once
from orders.credit_notes import credit_note_issue
from orders.error_codes import OrderErrorCode
from orders.models import Order, OrderItem

logger = logging.getLogger(__name__)

RETURN_EMPTY = gettext_lazy("Choose at least one item to take back.")
RETURN_LINE_NOT_ON_BILL = gettext_lazy("That item is not on this bill.")
RETURN_QTY_RULE = gettext_lazy("The number of packs to take back must be a whole number of at least 1.")
REFUND_METHOD = gettext_lazy("Money back is in cash or store credit.")
CREDIT_NEEDS_CUSTOMER = gettext_lazy("Store credit goes to a registered customer; this bill has none. Give cash.")
KEY_REQUIRED = gettext_lazy("Every return needs its Idempotency-Key.")


@dataclass(frozen=True)
class ReturnLine:
    order_item_id: int
    qty: int
    damaged: bool = False


def _checked(bill: CounterBill, lines: Sequence[ReturnLine]) -> list[tuple[OrderItem, ReturnLine]]:
    if not lines:
        raise InvalidValue(str(RETURN_EMPTY), code=CounterErrorCode.RETURN_EMPTY)
    items = {item.pk: item for item in OrderItem.objects.filter(order=bill.order_id)}
    checked = []
    for line in lines:
        if isinstance(line.qty, bool) or not isinstance(line.qty, int) or line.qty < 1:
            raise InvalidValue(str(RETURN_QTY_RULE), code=OrderErrorCode.INVALID_QUANTITY)
        if line.order_item_id not in items:
            raise InvalidValue(str(RETURN_LINE_NOT_ON_BILL), code=CounterErrorCode.LINE_NOT_ON_BILL)
        checked.append((items[line.order_item_id], line))
    return checked


def counter_return_create(
    *, bill: CounterBill, counter: Counter, by, lines: Sequence[ReturnLine], refund: str, key: str, reason: str = ""
) -> CounterReturn:
    """Take goods back against `bill` (see the module). Refuses, writing nothing: no lines, a line
    of another bill, a pack count below 1 (400), more than the bill has left (409), store credit
    for a walk-in bill (400), a key reused for another return (422). The same key again answers
    the first return."""
    key = str(key or "").strip()
    if not key or len(key) > 64:
        raise InvalidValue(str(KEY_REQUIRED), code=CommonErrorCode.IDEMPOTENCY_KEY_REQUIRED)
    if refund not in CounterReturn.Refund.values:
        raise InvalidValue(str(REFUND_METHOD), code=CounterErrorCode.REFUND_METHOD)
    fingerprint = bill_fingerprint_of(
        {"bill": bill.pk, "lines": [[x.order_item_id, x.qty, x.damaged] for x in lines], "refund": refund}
    )
    existing = _existing(counter=counter, key=key, fingerprint=fingerprint)
    if existing is not None:
        return existing
    checked = _checked(bill, lines)
    made = written_once(
        lambda: _write(
            bill=bill,
            counter=counter,
            by=by,
            checked=checked,
            refund=refund,
            key=key,
            fingerprint=fingerprint,
            reason=reason,
        ),
        lambda: _existing(counter=counter, key=key, fingerprint=fingerprint),
    )
    logger.info("counter return %s against %s: %s paise", made.credit_note.number, bill, made.amount_paise)
    return made


def _existing(*, counter: Counter, key: str, fingerprint: str) -> CounterReturn | None:
    found = CounterReturn.objects.filter(counter=counter, key=key).first()
    if found is not None and found.fingerprint != fingerprint:
        raise KeyReused(gettext("This Idempotency-Key was already used for a different request."))
    return found


def _write(*, bill, counter, by, checked, refund, key, fingerprint, reason) -> CounterReturn:
    from counter.services import walk_in_customer
    from payments.credit import credit_held_paise, credit_refund, credit_return

    order = Order.objects.select_for_update().get(pk=bill.order_id)
    walk_in = order.user_id == walk_in_customer().pk
    if refund == CounterReturn.Refund.CREDIT and walk_in:
        raise InvalidValue(str(CREDIT_NEEDS_CUSTOMER), code=CounterErrorCode.CREDIT_NEEDS_CUSTOMER)
    note_reason = clean_reason(reason) or gettext("Returned at counter {code}").format(code=counter.code)
    note = credit_note_issue(order=order, lines=[(item, line.qty) for item, line in checked], reason=note_reason, by=by)
    amount = note.total_paise
    # Credit the bill was paid with comes back as credit; the rest as the cashier chose.
    held = 0 if walk_in else credit_held_paise(order=order)
    credit_back = min(amount, held)
    if credit_back:
        credit_return(order=order, paise=credit_back, reason=note_reason, by=by)
    if refund == CounterReturn.Refund.CREDIT and amount - credit_back:
        credit_refund(order=order, paise=amount - credit_back, reason=note_reason, by=by)
    made = CounterReturn.objects.create(
        bill=bill,
        counter=counter,
        credit_note=note,
        key=key,
        fingerprint=fingerprint,
        refund=refund,
        amount_paise=amount,
        cash_paise=amount - credit_back if refund == CounterReturn.Refund.CASH else 0,
        reason=note_reason,
        by=by,
        day=shop_day(timezone.now()),
    )
    CounterReturnLine.objects.bulk_create(
        [
            CounterReturnLine(counter_return=made, order_item=item, qty=line.qty, damaged=line.damaged)
            for item, line in checked
        ]
    )
    for damaged in (False, True):
        back = [
            (item.financial_id, line.qty)
            for item, line in checked
            if item.financial_id is not None and line.damaged == damaged
        ]
        if back:
            stock_return(back, reference=order.stock_reference, by=by, damaged=damaged, note=note.number)
    return made
