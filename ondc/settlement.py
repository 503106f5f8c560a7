"""What the network's money terms mean for one order: who collects, when the shop is paid, the
buyer app's finder fee, and the tax the collecting e-commerce operator deducts at source.

The buyer app sends its terms in `confirm`'s `payment` (ONDC retail 1.2:
`@ondc/org/buyer_app_finder_fee_type` "percent" or "amount", `..._amount`,
`@ondc/org/settlement_basis`, `@ondc/org/settlement_window`, `@ondc/org/withholding_amount`,
`collected_by`). They are recorded on the `NetworkOrder` as figures in paise, so the staff and the
books see each network sale with its fee beside it.

GST: the operator that collects the payment (the buyer app for a prepaid order) is an e-commerce
operator under section 52 of the CGST Act and collects TCS on the net taxable value of the supply:
0.5 % (0.25 % CGST + 0.25 % SGST, or 0.5 % IGST) since 10 July 2024 (`TCS_RATE_PERCENT`). The
shop's invoice is unchanged (the shop is the supplier); the TCS is noted per order for the return.
"""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db.models import Sum

from common.money import to_paise, to_rupees
from ondc import errors
from ondc.errors import Refused
from ondc.models import NetworkOrder
from orders.models import Order

TCS_RATE_PERCENT = Decimal("0.5")
PER_CENT = Decimal("0.01")
LARGEST_FEE_PERCENT = Decimal("30")  # a buyer app asking more than this is refused, not recorded


@dataclass(frozen=True)
class Terms:
    collector: str  # "BAP" or "BPP"
    finder_fee_type: str  # "percent", "amount" or "" (none)
    finder_fee_paise: int
    settlement_basis: str
    settlement_window: str
    withholding_paise: int


def _percent_of(paise: int, percent: Decimal) -> int:
    return to_paise(to_rupees(paise) * (percent * PER_CENT))


def terms_of(payment: dict, *, order_total_paise: int) -> Terms:
    """The terms in `payment`, checked; 40000 for a fee the shop does not accept."""
    fee_type = str(payment.get("@ondc/org/buyer_app_finder_fee_type") or "").lower()
    raw_fee = payment.get("@ondc/org/buyer_app_finder_fee_amount") or "0"
    try:
        fee = Decimal(str(raw_fee))
        withholding = Decimal(str(payment.get("@ondc/org/withholding_amount") or "0"))
    except InvalidOperation:
        raise Refused(errors.INVALID_REQUEST, "the finder fee and the withholding must be numbers") from None
    if fee_type not in ("", "percent", "amount") or fee < 0 or withholding < 0:
        raise Refused(errors.INVALID_REQUEST, "the finder fee type must be percent or amount, amounts not negative")
    if fee_type == "percent":
        if fee > LARGEST_FEE_PERCENT:
            raise Refused(errors.ORDER_REFUSED, f"a finder fee above {LARGEST_FEE_PERCENT} % is not accepted")
        fee_paise = _percent_of(order_total_paise, fee)
    else:
        fee_paise = to_paise(fee)
        if fee_paise > order_total_paise:
            raise Refused(errors.ORDER_REFUSED, "the finder fee is more than the order")
    return Terms(
        collector="BAP" if payment.get("collected_by") == "BAP" or payment.get("type") == "ON-ORDER" else "BPP",
        finder_fee_type=fee_type,
        finder_fee_paise=fee_paise,
        settlement_basis=str(payment.get("@ondc/org/settlement_basis") or "")[:30],
        settlement_window=str(payment.get("@ondc/org/settlement_window") or "")[:30],
        withholding_paise=to_paise(withholding),
    )


def tcs_paise(*, taxable_value_paise: int, collector: str) -> int:
    """The TCS the collecting operator deducts (none when the shop collects the cash itself)."""
    return _percent_of(taxable_value_paise, TCS_RATE_PERCENT) if collector == "BAP" else 0


def network_fees(*, start, end) -> dict:
    """The finder fees and TCS of the network's orders placed in `[start, end)` and not cancelled,
    in paise (one query): the dashboard's ONDC figures (`backoffice.reports.network_fees`)."""
    return (
        NetworkOrder.objects.filter(order__created_at__gte=start, order__created_at__lt=end)
        .exclude(order__status=Order.Status.CANCELLED)
        .aggregate(finder_fee_paise=Sum("finder_fee_paise"), tcs_paise=Sum("tcs_paise"))
    )
