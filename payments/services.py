"""Writes for payments: starting one, and confirming it from the gateway's own word.

The rules that protect money, in one place:
- An order is marked paid only when the gateway's server-to-server status answer says CHARGED
  for exactly the order's amount. A return or a webhook only prompts that call.
- Pending answers leave the payment pending; failed answers leave the order unpaid and payable.
- Every notification counts once: the webhook's id is unique per payment, and each change is made
  under row locks (the order, then the payment, the order every writer of orders takes them in),
  so a return and a webhook arriving together give one transition.
- Money that arrives but cannot pay the order (wrong amount, order cancelled or already paid) is
  flagged on the payment for staff, never silently applied or dropped.
"""

import logging
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, DomainError, NotFound
from common.money import to_paise
from orders.error_codes import OrderErrorCode
from orders.models import Order
from orders.selectors import ORDER_NOT_FOUND
from orders.services import order_mark_paid, order_mark_unpaid
from payments.error_codes import PaymentErrorCode
from payments.gateways import active_gateway, gateway_named
from payments.gateways.base import (
    CHARGED,
    FAILED_STATUSES,
    IRREGULAR_STATUSES,
    PENDING_STATUSES,
    GatewayError,
    GatewayStatus,
    InvalidSignature,
    MalformedNotice,
    Notice,
)
from payments.models import Payment, PaymentEvent, RefundEvent
from payments.refund_sync import refunds_sync_payment
from payments.refunds import refund_create

logger = logging.getLogger(__name__)

ALREADY_PAID = gettext_lazy("This order is already paid.")
GATEWAY_UNAVAILABLE = gettext_lazy("Failed to initiate payment. Please try again.")
# The gateway reversed a charge by itself.
REVERSAL_STATUSES = frozenset({"AUTO_REFUNDED"})
# Charges that cannot pay their order and go straight back to the shopper.
AUTO_REFUNDED_FLAGS = frozenset({Payment.Flag.ALREADY_PAID, Payment.Flag.CHARGED_AFTER_CANCEL})


class PaymentRefused(DomainError):
    status = 400


class GatewayUnavailable(DomainError):
    status = 502


@dataclass(frozen=True)
class Confirmation:
    """What a return, webhook or reconciliation did to a payment."""

    payment: Payment
    changed: bool
    error: str = ""


def payment_status_for(gateway_status: str) -> str:
    """The shop's view of a gateway status. Unknown statuses count as pending: ask again later."""
    if gateway_status == CHARGED or gateway_status in IRREGULAR_STATUSES:
        return Payment.Status.CHARGED
    if gateway_status in FAILED_STATUSES:
        return Payment.Status.FAILED
    if gateway_status not in PENDING_STATUSES:
        logger.warning("unknown gateway status %r treated as pending", gateway_status)
    return Payment.Status.PENDING


def _return_url() -> str:
    return f"{settings.SITE_URL.rstrip('/')}{reverse('payments-return')}"


def payment_initiate_as_guest(
    *,
    public_id: str,
    customer_phone: str,
    amount: Decimal | None = None,
    online_checkout: bool = False,
    return_origin: str = "",
) -> tuple[Payment, str]:
    """The Pay button of the shop's existing client, which posts the order's id and its shopper's
    phone number (`customerId`) without a token: the same start as the order's owner would make,
    when `customer_phone` is that order's phone number. An unknown order and a number that is not
    its own answer alike (404), so the answer tells nobody whose order an id is; the amount is
    still the order's (`payment_initiate`). Guessing is limited per client and per order
    (`payments.throttles`)."""
    order = None
    if customer_phone:
        order = Order.objects.select_related("user").filter(public_id=str(public_id)[:21]).first()
    if order is None or order.user.phone_no != customer_phone:
        raise NotFound(ORDER_NOT_FOUND)
    return payment_initiate(
        user=order.user,
        public_id=public_id,
        amount=amount,
        online_checkout=online_checkout,
        return_origin=return_origin,
    )


def payment_initiate(
    *,
    user,
    public_id: str,
    amount: Decimal | None = None,
    online_checkout: bool = False,
    return_origin: str = "",
) -> tuple[Payment, str]:
    """Start paying the caller's own unpaid order; returns the Payment and the session's status.

    `amount`, when the browser sends one, must be the order's total: the amount always comes
    from the order. `online_checkout` is the new Online order from /placeorder; the Pay button
    of any unpaid order (cash ones too) leaves it False. `return_origin` is the existing client's
    origin when it started the payment (`common.media_urls.client_origin`): the shopper returns
    there after paying (`payment_return`).
    """
    order = Order.objects.select_related("user").filter(public_id=str(public_id)[:21], user=user).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    if amount is not None:
        if Decimal(amount) != order.amount_due:
            raise PaymentRefused(
                gettext("The amount to pay is the order's total, {total}.").format(total=f"{order.amount_due:.2f}"),
                code=PaymentErrorCode.AMOUNT_MISMATCH,
            )
    if online_checkout and order.payment_method != Order.PaymentMethod.ONLINE:
        raise PaymentRefused(gettext("This order is paid at delivery; use its Pay button to pay online."))
    if order.is_paid:
        raise Conflict(ALREADY_PAID, code=OrderErrorCode.ALREADY_PAID)
    if order.is_cancelled:
        raise Conflict(gettext("This order is cancelled."), code=OrderErrorCode.ORDER_CANCELLED)
    if order.amount_due <= 0:
        raise Conflict(gettext("Nothing is due on this order."), code=PaymentErrorCode.NOTHING_DUE)

    gateway = active_gateway()
    if not gateway.available():
        raise GatewayUnavailable(GATEWAY_UNAVAILABLE, code=PaymentErrorCode.GATEWAY_UNAVAILABLE)
    # One initiation at a time per order (the order's row lock, held while the gateway makes the
    # session: at most JUSPAY_TIMEOUT_SECONDS), so two taps or two tabs get one payment.
    failure: GatewayError | None = None
    with transaction.atomic():
        Order.objects.select_for_update().filter(pk=order.pk).first()
        resumed = _resumable_payment(order)
        if resumed is not None and resumed.status != Payment.Status.CHARGED:
            logger.info("payment %s resumed for order %s", resumed.gateway_order_id, order.public_id)
            if resumed.return_origin != return_origin:  # resumed from the other client: back to it
                resumed.return_origin = return_origin
                resumed.save(update_fields=["return_origin", "updated_at"])
            return resumed, resumed.gateway_status or "NEW"
        if resumed is None:
            payment = Payment.objects.create(
                order=order, gateway=gateway.name, amount=order.amount_due, return_origin=return_origin
            )
            try:
                session = gateway.create_session(
                    gateway_order_id=payment.gateway_order_id,
                    amount=payment.amount,
                    customer_id=order.user.phone_no,
                    return_url=_return_url(),
                    description=f"{settings.STORE_NAME} order {order.invoice_number}",
                )
            except GatewayError as error:
                logger.warning("payment session for order %s failed: %s", order.public_id, error)
                _record(
                    payment, source=PaymentEvent.Source.SESSION, to_status=Payment.Status.FAILED, note=str(error)[:300]
                )
                failure = error
            else:
                payment.gateway_reference = session.gateway_id[:64]
                payment.payment_link = session.payment_link[:500]
                payment.gateway_status = session.status[:40]
                payment.save(update_fields=["gateway_reference", "payment_link", "gateway_status", "updated_at"])
                PaymentEvent.objects.create(
                    payment=payment,
                    source=PaymentEvent.Source.SESSION,
                    from_status=payment.status,
                    to_status=payment.status,
                    gateway_status=payment.gateway_status,
                    raw=session.raw,
                )
    if resumed is not None:  # the old session was charged meanwhile: it paid the order
        raise Conflict(ALREADY_PAID, code=OrderErrorCode.ALREADY_PAID)
    if failure is not None:
        raise GatewayUnavailable(GATEWAY_UNAVAILABLE, code=PaymentErrorCode.GATEWAY_UNAVAILABLE) from failure
    logger.info("payment %s started for order %s (%s)", payment.gateway_order_id, order.public_id, gateway.name)
    return payment, session.status


def _resumable_payment(order: Order) -> Payment | None:
    """The order's open payment session, when the gateway says it can still be paid.

    One live payment per order: a shopper coming back to a pending order gets the same payment
    page. A new session is made only after the gateway says the old one failed (or for another
    amount or gateway); a gateway that does not answer keeps the old one, so nothing is charged
    twice because the gateway was slow. An old one the gateway says is charged pays the order
    (and is returned charged).
    """
    open_payment = (
        order.payments.filter(status__in=[Payment.Status.NEW, Payment.Status.PENDING], amount=order.amount_due)
        .exclude(payment_link="")
        .order_by("-created_at", "-id")
        .first()
    )
    if open_payment is None or open_payment.gateway != active_gateway().name:
        return None
    confirmation = payment_confirm(payment=open_payment, source=PaymentEvent.Source.SESSION)
    confirmed = confirmation.payment
    if confirmed.status == Payment.Status.FAILED:
        return None
    return confirmed  # still payable, or charged (the caller answers "already paid" after commit)


def _record(payment: Payment, *, source: str, to_status: str, note: str = "", raw=None) -> None:
    with transaction.atomic():
        locked = Payment.objects.select_for_update().get(pk=payment.pk)
        PaymentEvent.objects.create(
            payment=locked, source=source, from_status=locked.status, to_status=to_status, note=note, raw=raw or {}
        )
        if locked.status != to_status:
            locked.status = to_status
            locked.save(update_fields=["status", "updated_at"])
    payment.status = to_status


SHOPPER_SOURCES = (PaymentEvent.Source.SESSION, PaymentEvent.Source.RETURN, PaymentEvent.Source.WEBHOOK)


def payment_confirm(
    *, payment: Payment, source: str, notice: Notice | None = None, recheck: bool = False
) -> Confirmation:
    """Ask the gateway for the payment's status and apply it; the notice is only the prompt.

    A charged payment is asked about again only when a notice claims a reversal, or with `recheck`
    (reconciliation looking for a reversal or chargeback whose webhook was lost).
    Safe to call any number of times, from any number of places at once.
    """
    if notice is not None and notice.event_id and payment.events.filter(event_id=notice.event_id).exists():
        # A repeated notice: answer with the state its first delivery committed, not the copy
        # loaded before it (a racing duplicate answered "new" for a payment already charged).
        payment.refresh_from_db(fields=["status", "flag"])
        return Confirmation(payment=payment, changed=False)
    reversal_claimed = notice is not None and notice.claimed_status in REVERSAL_STATUSES
    if payment.status == Payment.Status.CHARGED and not (reversal_claimed or recheck):
        return Confirmation(payment=payment, changed=False)

    try:
        answer = gateway_named(payment.gateway).fetch_status(
            gateway_order_id=payment.gateway_order_id,
            customer_id=payment.order.user.phone_no,
            # A shopper's request waits on these (issue 46.7: the gateway's lane, juspay.py).
            shopper_waits=source in SHOPPER_SOURCES,
        )
    except GatewayError as error:
        # The payment stays as it is; reconciliation asks again later.
        logger.warning("status of payment %s unavailable (%s): %s", payment.gateway_order_id, source, error)
        return Confirmation(payment=payment, changed=False, error=str(error))
    return _apply(payment=payment, answer=answer, source=source, notice=notice, recheck=recheck)


def _apply(
    *, payment: Payment, answer: GatewayStatus, source: str, notice: Notice | None, recheck: bool = False
) -> Confirmation:
    to_status = payment_status_for(answer.status)
    with transaction.atomic():
        order = Order.objects.select_for_update().get(pk=payment.order_id)
        locked = Payment.objects.select_for_update().get(pk=payment.pk)
        event = PaymentEvent(
            payment=locked,
            source=source,
            event_id=(notice.event_id or None) if notice else None,
            from_status=locked.status,
            to_status=locked.status,
            gateway_status=answer.status[:40],
            raw={"status": answer.raw, **({"notice": notice.raw} if notice else {})},
        )
        if locked.status == Payment.Status.CHARGED:
            if answer.status in REVERSAL_STATUSES and locked.flag != Payment.Flag.REVERSED:
                return _reversed(order=order, payment=locked, event=event, answer=answer)
            if answer.chargebacks and locked.flag not in (Payment.Flag.REVERSED, Payment.Flag.CHARGEBACK):
                return _charged_back(order=order, payment=locked, event=event, answer=answer)
            # Settled already (by the other of a racing return and webhook): nothing changes. A
            # recheck that finds nothing new leaves no event (its stamp is `rechecked_at`).
            if not recheck:
                _save_event(event)
            return Confirmation(payment=locked, changed=False)

        flag = ""
        if to_status == Payment.Status.CHARGED:
            flag = _charge_flag(order=order, payment=locked, answer=answer)
            captured = answer.amount if answer.amount is not None else Decimal("0")
            locked.captured_paise = max(0, to_paise(captured))
            if not flag:
                order_mark_paid(order=order, reference=locked.gateway_order_id)
            locked.charged_at = timezone.now()
            locked.flag = flag
            event.note = Payment.Flag(flag).label if flag else f"Order {order.invoice_number} paid"

        event.to_status = to_status
        if not _save_event(event):
            return Confirmation(payment=locked, changed=False)
        changed = locked.status != to_status or bool(flag)
        locked.status = to_status
        locked.gateway_status = answer.status[:40]
        if answer.gateway_id and not locked.gateway_reference:
            locked.gateway_reference = answer.gateway_id[:64]
        locked.save()
        if flag in AUTO_REFUNDED_FLAGS and locked.captured_paise > 0:
            # A second charge of the order (or one after it was cancelled): the money goes back at
            # once; the flag stays for staff to see.
            refund_create(
                order=order, payment=locked, paise=locked.captured_paise, reason=Payment.Flag(flag).label, by=None
            )

    if flag:
        logger.error(
            "payment %s for order %s needs staff: %s",
            locked.gateway_order_id,
            order.public_id,
            locked.get_flag_display(),
        )
    elif changed:
        logger.info("payment %s is %s (%s, %s)", locked.gateway_order_id, to_status, answer.status, source)
    payment.status, payment.flag = locked.status, locked.flag
    return Confirmation(payment=locked, changed=changed)


def _reversed(*, order: Order, payment: Payment, event: PaymentEvent, answer: GatewayStatus) -> Confirmation:
    """The gateway took back a charge by itself (AUTO_REFUNDED after CHARGED): the order is unpaid
    again if this payment paid it; the payment is flagged and has nothing left to refund."""
    event.note = Payment.Flag.REVERSED.label
    if not _save_event(event):
        return Confirmation(payment=payment, changed=False)
    if order.is_paid and order.payment_reference == payment.gateway_order_id:
        order_mark_unpaid(order=order, reason=f"payment {payment.gateway_order_id} reversed ({answer.status})")
    payment.flag = Payment.Flag.REVERSED
    payment.gateway_status = answer.status[:40]
    payment.captured_paise = payment.refunded_paise
    payment.save(update_fields=["flag", "gateway_status", "captured_paise", "updated_at"])
    logger.error("payment %s for order %s was reversed by the gateway", payment.gateway_order_id, order.public_id)
    return Confirmation(payment=payment, changed=True)


def _charged_back(*, order: Order, payment: Payment, event: PaymentEvent, answer: GatewayStatus) -> Confirmation:
    """The shopper's bank disputes the charge (a chargeback): the payment is flagged for staff, who
    answer the dispute, and is refunded no further (the bank holds the money). The order stays paid
    until the dispute is decided: a chargeback the shop wins keeps the money."""
    event.note = f"{Payment.Flag.CHARGEBACK.label}: {', '.join(answer.chargebacks)}"[:300]
    if not _save_event(event):
        return Confirmation(payment=payment, changed=False)
    payment.flag = Payment.Flag.CHARGEBACK
    payment.gateway_status = answer.status[:40]
    payment.save(update_fields=["flag", "gateway_status", "updated_at"])
    logger.error(
        "payment %s for order %s has a chargeback (%s): staff must answer it",
        payment.gateway_order_id,
        order.public_id,
        ", ".join(answer.chargebacks),
    )
    return Confirmation(payment=payment, changed=True)


def _charge_flag(*, order: Order, payment: Payment, answer: GatewayStatus) -> str:
    """Why a charge cannot pay its order ('' when it does). A charge of an order cancelled or paid
    already is given back whatever its amount (a second capture while the first was pending, for
    an order whose amount changed in between, was left to staff as a wrong amount: issue 33.9)."""
    if answer.status in IRREGULAR_STATUSES:
        return Payment.Flag.IRREGULAR
    if order.is_cancelled:
        return Payment.Flag.CHARGED_AFTER_CANCEL
    if order.is_paid:
        return Payment.Flag.ALREADY_PAID
    if answer.amount is None or answer.amount != payment.amount or payment.amount != order.amount_due:
        return Payment.Flag.AMOUNT_MISMATCH
    return Payment.Flag.NONE


def _save_event(event: PaymentEvent) -> bool:
    """False when this webhook was already recorded (it lost a race with its own repeat)."""
    try:
        with transaction.atomic():
            event.save()
    except IntegrityError:
        return False
    return True


SUCCESS_PATH = "/payment/success?orderId={public_id}"
FAILURE_PATH = "/payment/failure"
ORDER_PATH = "/order/{public_id}"


@dataclass(frozen=True)
class Returned:
    """Where the shopper's browser goes after the gateway's return: `path` on the shop's pages,
    `payment` None for an unknown one; `failed` when the gateway said the payment failed."""

    payment: Payment | None
    path: str
    failed: bool = False

    def location(self, path: str | None = None) -> str:
        """`path` (default: this one's) on the existing client's origin when that client started
        the payment and is still allowed (`settings.CORS_ALLOWED_ORIGINS`), else on the shop's."""
        path = self.path if path is None else path
        origin = self.payment.return_origin if self.payment is not None else ""
        return f"{origin}{path}" if origin and origin in settings.CORS_ALLOWED_ORIGINS else path


def payment_return(*, params) -> Returned:
    """The shopper's browser is back from the gateway: verify, confirm, and say where it goes next
    (on the existing client's origin when that client started the payment).

    Paid → the success screen; failed, flagged or forged → the failure screen; still pending (or
    the gateway did not answer) → the order, which reconciliation will mark paid. (What becomes of
    the order of a failed payment is checkout's: `checkout.payment_return`.)
    """
    payment, path = _return_path(params=params)
    failed = payment is not None and payment.status == Payment.Status.FAILED and not payment.flag
    return Returned(payment=payment, path=path, failed=failed)


def _return_path(*, params) -> tuple[Payment | None, str]:
    gateway_order_id = str(params.get("order_id") or "")[:21]
    payment = Payment.objects.select_related("order__user").filter(gateway_order_id=gateway_order_id).first()
    if payment is None:
        logger.warning("payment return for unknown payment %r", gateway_order_id)
        return None, FAILURE_PATH
    try:
        notice = gateway_named(payment.gateway).parse_return(params)
    except (InvalidSignature, MalformedNotice) as error:
        logger.warning("payment return for %s refused: %s", gateway_order_id, error)
        return payment, FAILURE_PATH
    confirmation = payment_confirm(payment=payment, source=PaymentEvent.Source.RETURN, notice=notice)
    confirmed = confirmation.payment
    public_id = payment.order.public_id
    if confirmed.status == Payment.Status.CHARGED and not confirmed.flag:
        return confirmed, SUCCESS_PATH.format(public_id=public_id)
    if confirmed.status == Payment.Status.FAILED or confirmed.flag:
        return confirmed, FAILURE_PATH
    return confirmed, ORDER_PATH.format(public_id=public_id)


def payment_webhook(*, authorization: str, body: bytes) -> Confirmation:
    """A webhook from the configured gateway (Unauthenticated / MalformedNotice / NotFound when not)."""
    notice = active_gateway().parse_webhook(authorization=authorization, body=body)
    payment = (
        Payment.objects.select_related("order__user").filter(gateway_order_id=notice.gateway_order_id[:21]).first()
    )
    if payment is None:
        raise NotFound(gettext("Payment not found"))
    if notice.is_about_refunds:
        answered = refunds_sync_payment(payment=payment, source=RefundEvent.Source.WEBHOOK, event_id=notice.event_id)
        return Confirmation(payment=payment, changed=False, error="" if answered else "refund status unavailable")
    return payment_confirm(payment=payment, source=PaymentEvent.Source.WEBHOOK, notice=notice)


@dataclass(frozen=True)
class Reconciled:
    payment: Payment
    from_status: str
    error: str = ""


def payments_reconcile(*, since=None, settled_for=None, progress=None) -> list[Reconciled]:
    """Ask the gateway about every payment still new or pending, and apply its answers.

    `since` (a datetime) limits it to payments started after then (default: the last
    PAYMENT_RECONCILE_WINDOW_HOURS); `settled_for` (a timedelta) skips payments younger than that,
    as their shoppers are most likely still on the payment page. `progress(done, total)` is called
    after each. Returns the payments whose status changed or could not be asked.
    """
    from payments.selectors import payments_to_reconcile

    payments = payments_to_reconcile(since=since, settled_for=settled_for)
    results: list[Reconciled] = []
    for done, payment in enumerate(payments, start=1):
        before = payment.status
        confirmation = payment_confirm(payment=payment, source=PaymentEvent.Source.RECONCILE)
        if confirmation.changed or confirmation.error:
            results.append(Reconciled(payment=confirmation.payment, from_status=before, error=confirmation.error))
        if progress:
            progress(done, len(payments))
    return results


def payments_recheck_charged(*, limit: int | None = None, progress=None) -> list[Reconciled]:
    """Ask the gateway again about payments charged in the last PAYMENT_RECHECK_CHARGED_DAYS, at
    most `limit` (PAYMENT_RECHECK_PER_RUN) of them, those asked least recently first: a reversal or
    chargeback whose webhook was lost is found within days × runs a day ÷ limit. Returns those that
    changed (reversed, charged back) or could not be asked."""
    from payments.selectors import charged_payments_to_recheck

    payments = charged_payments_to_recheck(limit=settings.PAYMENT_RECHECK_PER_RUN if limit is None else limit)
    results: list[Reconciled] = []
    for done, payment in enumerate(payments, start=1):
        before = payment.status
        confirmation = payment_confirm(payment=payment, source=PaymentEvent.Source.RECONCILE, recheck=True)
        # Stamped whatever the answer: one payment the gateway never answers for must not hold the
        # front of the queue and starve the rest.
        Payment.objects.filter(pk=payment.pk).update(rechecked_at=timezone.now())
        if confirmation.changed or confirmation.error:
            results.append(Reconciled(payment=confirmation.payment, from_status=before, error=confirmation.error))
        if progress:
            progress(done, len(payments))
    return results
