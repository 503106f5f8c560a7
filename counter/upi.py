"""The counter's UPI QR: the shop's UPI ID asking for the bill's exact amount (NPCI's `upi://pay`).

The shopper's UPI app reads the QR, shows the shop's name and the amount and pays it; the cashier
sees the money arrive on the shop's phone and confirms the tender. The amount is fixed in the QR, so
the shopper cannot pay a different one by mistake.
"""

from decimal import Decimal
from urllib.parse import quote

import segno
from django.conf import settings


def upi_uri(*, amount: Decimal, note: str = "") -> str:
    """`upi://pay?pa=<VPA>&pn=<name>&am=123.45&cu=INR&tn=<note>` (the NPCI linking specification's fields)."""
    fields = [
        ("pa", settings.STORE_UPI_ID),
        ("pn", settings.STORE_NAME),
        ("am", f"{Decimal(amount):.2f}"),
        ("cu", "INR"),
    ]
    if note:
        fields.append(("tn", note[:50]))
    return "upi://pay?" + "&".join(f"{name}={quote(value, safe='@.')}" for name, value in fields)


def upi_qr_svg(uri: str) -> str:
    """The URI as an SVG QR code (error correction M, a quiet zone of 4), sized by the page's CSS."""
    return segno.make(uri, error="m", micro=False).svg_inline(scale=4, border=4, omitsize=True)
