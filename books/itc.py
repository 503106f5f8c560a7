"""Input tax credit: what the books ask of the purchases (GSTR-3B 4(A)(5), the purchase register).

The purchases are the inventory app's (issue 42, the stock-in of suppliers' invoices). Books sit
above inventory, so they ask it; inventory never knows the books. The question is one function,
`inventory.gst.input_tax(start=, end=)`, answering the period's eligible input tax in paise:

    {"documents": int, "taxable_value": int, "igst": int, "cgst": int, "sgst": int, "cess": int}

for the suppliers' invoices dated in [start, end) (aware datetimes, IST midnights). Until the
inventory app (or that function) is there, the ITC is zero and `available` says so, so the 3B
screen and its file say "no purchases recorded" rather than a silent 0.
"""

import importlib
from dataclasses import dataclass

from django.apps import apps

from books.periods import Span

PROVIDER = "inventory.gst"
FIELDS = ("taxable_value", "igst", "cgst", "sgst", "cess")


@dataclass(frozen=True)
class InputTax:
    available: bool
    documents: int = 0
    taxable_value: int = 0
    igst: int = 0
    cgst: int = 0
    sgst: int = 0
    cess: int = 0


def _provider():
    if not apps.is_installed("inventory"):
        return None
    try:
        module = importlib.import_module(PROVIDER)
    except ImportError:
        return None
    return getattr(module, "input_tax", None)


def input_tax(span: Span) -> InputTax:
    """The eligible input tax on the purchases dated in `span`; zero (not `available`) without them."""
    provider = _provider()
    if provider is None:
        return InputTax(available=False)
    figures = provider(start=span.start, end=span.end)
    return InputTax(
        available=True,
        documents=int(figures.get("documents", 0)),
        **{name: int(figures.get(name, 0)) for name in FIELDS},
    )
