"""Thin HTTP views for payments: start one, receive the gateway's webhook, the PayPal config stub, the
shopper's store credit."""

from dataclasses import dataclass

from django.conf import settings
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.rules import phone_from_customer_id
from accounts.selectors import user_get
from accounts.throttles import TooManyAttempts
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.media_urls import client_origin
from common.permissions import HasRole, IsCustomer
from common.roles import Role
from payments import services
from payments.credit import credit_balance, credit_entries, credit_goodwill, goodwill_limit
from payments.gateways.base import MalformedNotice, Unauthenticated
from payments.models import Payment
from payments.serializers import (
    CREDIT_ENTRIES_SHOWN,
    GoodwillInSerializer,
    GoodwillOutSerializer,
    PaymentStartInSerializer,
    PaymentStartOutSerializer,
    StaffStoreCreditSerializer,
    StoreCreditSerializer,
)
from payments.throttles import GuestPaymentOrderThrottle, GuestPaymentThrottle


@dataclass(frozen=True)
class _Started:
    status: str
    payment: Payment


class _PaymentStartView(APIView):
    """Both payment starts. The shop's existing client posts them without a token, naming the
    order's phone number in `customerId` (spec section 7); such a guest is let past the gate,
    throttled per client and per order, and the service decides
    (`payments.services.payment_initiate_as_guest`). A start from that client's origin sends the
    shopper back to it after paying."""

    permission_classes = [IsCustomer]
    online_checkout = False

    def _as_guest(self) -> bool:
        return (
            not self.request.user.is_authenticated
            and isinstance(self.request.data, dict)
            and bool(self.request.data.get("customerId"))
        )

    def get_permissions(self):
        return [AllowAny()] if self._as_guest() else super().get_permissions()

    def get_throttles(self):
        return [GuestPaymentThrottle(), GuestPaymentOrderThrottle()] if self._as_guest() else []

    def throttled(self, request, wait):
        raise TooManyAttempts(wait)

    # A Bearer token, or none with the order's phone number in `customerId`.
    @extend_schema(
        request=PaymentStartInSerializer,
        responses=PaymentStartOutSerializer,
        auth=[{"jwtAuth": []}, {}],
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent("payments.start", atomic=False)
    def post(self, request: Request) -> Response:
        body = PaymentStartInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        given = {
            "public_id": body.validated_data["order_id"],
            "amount": body.validated_data.get("amount"),
            "online_checkout": self.online_checkout,
            "return_origin": client_origin(request),
        }
        if self._as_guest():
            customer_phone = phone_from_customer_id(body.validated_data.get("customerId"))
            payment, status = services.payment_initiate_as_guest(customer_phone=customer_phone, **given)
        else:
            payment, status = services.payment_initiate(user=request.user, **given)
        started = PaymentStartOutSerializer(_Started(status=status, payment=payment), context={"request": request})
        return Response(started.data)


class PaymentStartView(_PaymentStartView):
    """`POST /api/payments/initiateJuspayPayment`: pay the Online order just placed at /placeorder."""

    online_checkout = True


class PaymentAtDeliveryView(_PaymentStartView):
    """`POST /api/payments/initiateJuspayPaymentAtDelivery`: the Pay button of any unpaid order."""


class PaymentWebhookView(APIView):
    """The gateway's webhook: Basic-auth credentials, then a status check of the payment it names.

    A status call that fails answers 503, so the gateway sends the webhook again later.
    """

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses=None)
    def post(self, request: Request) -> Response:
        try:
            confirmation = services.payment_webhook(
                authorization=request.META.get("HTTP_AUTHORIZATION", ""), body=request.body
            )
        except Unauthenticated as error:
            return Response({"message": str(error)}, status=401, headers={"WWW-Authenticate": 'Basic realm="payments"'})
        except MalformedNotice as error:
            return Response({"message": str(error)}, status=400)
        if confirmation.error:
            return Response(
                {"message": gettext("The payment's status could not be checked; try again later.")}, status=503
            )
        return Response({"message": "ok", "status": confirmation.payment.status})


class PaypalConfigView(APIView):
    """`GET /api/config/paypal`: the PayPal client id older clients ask for (empty: no PayPal)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: str})
    def get(self, request: Request) -> Response:
        return Response(settings.PAYPAL_CLIENT_ID)


class StoreCreditView(APIView):
    """`GET /api/users/credit`: the caller's store-credit balance and ledger ."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Your store credit: the balance and the newest entries of its ledger", responses=StoreCreditSerializer
    )
    def get(self, request: Request) -> Response:
        data = {
            "balance": credit_balance(user=request.user),
            "entries": credit_entries(user=request.user)[:CREDIT_ENTRIES_SHOWN],
        }
        response = Response(StoreCreditSerializer(data).data)
        patch_cache_control(response, private=True, no_store=True)
        return response


def _staff_credit(*, user, actor) -> dict:
    """A shopper's store credit as staff see it, and the most `actor` may give at once."""
    return {
        "balance": credit_balance(user=user),
        "entries": credit_entries(user=user).select_related("by")[:CREDIT_ENTRIES_SHOWN],
        "limit": goodwill_limit(actor=actor),
    }


class UserStoreCreditView(APIView):
    """`/api/users/{ref}/credit`: a shopper's store credit for staff; POST gives goodwill credit
    (`payments.credit.credit_goodwill`: the owner or manager any amount, a cashier up to
    `GOODWILL_CASHIER_LIMIT`)."""

    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(
        summary="A shopper's store credit (owner, cashier): balance, ledger with who, your limit",
        operation_id="user_credit_retrieve",
        responses=StaffStoreCreditSerializer,
    )
    def get(self, request: Request, ref: str) -> Response:
        user = user_get(ref=ref)
        response = Response(StaffStoreCreditSerializer(_staff_credit(user=user, actor=request.user)).data)
        patch_cache_control(response, private=True, no_store=True)
        return response

    @extend_schema(
        summary="Give a shopper goodwill store credit with a reason (owner any amount, cashier up to the limit)",
        operation_id="user_credit_create",
        request=GoodwillInSerializer,
        responses={201: GoodwillOutSerializer},
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent("payments.goodwill", atomic=True)
    def post(self, request: Request, ref: str) -> Response:
        body = GoodwillInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = user_get(ref=ref)
        entry = credit_goodwill(
            actor=request.user, user=user, amount=body.validated_data["amount"], reason=body.validated_data["reason"]
        )
        data = _staff_credit(user=user, actor=request.user) | {"entry": entry}
        return Response(GoodwillOutSerializer(data).data, status=201)
