"""What the counter holds about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py):
the phone number a cashier typed on a bill, for the shopper's own copy by SMS; and (issue 48) how
each of the person's phone orders was taken and what a rider collected for it at their door.

A bill is a tax invoice and stays (its order carries the amounts, number and date); the number on
it is not required on a B2C bill and goes.
"""

from counter.models import CounterBill, DoorCollection, PhoneOrder


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user) -> dict:
    """The counter bills that carry the person's number, in one query."""
    bills = (
        CounterBill.objects.filter(customer_phone=user.phone_no)
        .exclude(customer_phone="")
        .select_related("order")
        .order_by("billed_at", "id")
    )
    return {
        "counterBills": [
            {
                "invoiceNumber": bill.order.invoice_number,
                "billedAt": _iso(bill.billed_at),
                "totalPrice": bill.order.total_price,
                "phoneNo": bill.customer_phone,
            }
            for bill in bills
        ],
        "phoneOrders": [
            {
                "invoiceNumber": row.order.invoice_number,
                "via": row.via,
                "accountMadeForIt": row.customer_created,
                "takenAt": _iso(row.created_at),
                "paymentLinkSentAt": _iso(row.payment_link_sent_at),
            }
            for row in PhoneOrder.objects.filter(order__user=user).select_related("order").order_by("created_at", "id")
        ],
        "doorCollections": [
            {
                "invoiceNumber": row.order.invoice_number,
                "method": row.method,
                "amountPaise": row.amount_paise,
                "collectedAt": _iso(row.collected_at),
            }
            for row in DoorCollection.objects.filter(order__user=user)
            .select_related("order")
            .order_by("collected_at", "id")
        ],
    }


def personal_data_erase(user) -> dict[str, int]:
    """The number on the bills (looked up by the phone, so run before the account's own erasure)."""
    cleared = (
        CounterBill.objects.filter(customer_phone=user.phone_no).exclude(customer_phone="").update(customer_phone="")
    )
    return {"counterBillPhones": cleared}
