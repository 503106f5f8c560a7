"""Properties of the GST arithmetic (`orders.tax`) over any amount, rate, pack count and place of
supply: the tax and the taxable value always add up to what was paid, the tax is the rate's to the
paisa, CGST and SGST are equal halves, and an invoice's rows add up to its lines and to the total.
"""

from decimal import Decimal
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.models import GstRate
from orders.tax import DELIVERY_GST_RATE, Split, tax_included, tax_invoice

CENT = Decimal("0.01")
# Any amount from ₹0.00 to ₹1,00,00,000.00, in whole paise as money always is.
amounts = st.integers(min_value=0, max_value=10**10).map(lambda paise: Decimal(paise).scaleb(-2))
rates = st.sampled_from(GstRate.values)
fast = settings(deadline=None)  # two shared cores: a slow example is not a failure


@fast
@given(amount=amounts, rate=rates, interstate=st.booleans())
def test_the_tax_inside_an_amount_is_the_rates_to_the_paisa_and_the_two_add_up(amount, rate, interstate):
    result = tax_included(amount, rate, interstate=interstate)

    assert result.taxable_value + result.tax == amount
    assert result.tax >= 0 and result.taxable_value >= 0
    assert result.tax == result.tax.quantize(CENT) and result.taxable_value == result.taxable_value.quantize(CENT)
    exact = amount * rate / (100 + rate)
    # IGST is rounded to the nearest paisa; within the state the tax is two equal halves, each
    # rounded to the nearest paisa, so up to a paisa away.
    assert abs(result.tax - exact) <= (CENT / 2 if interstate else CENT)
    split = Split.of(result.tax, interstate=interstate)
    assert split.cgst + split.sgst + split.igst == result.tax
    if interstate:
        assert split.cgst == split.sgst == 0
    else:
        assert split.igst == 0 and split.cgst == split.sgst == split.cgst.quantize(CENT)


prices = st.integers(min_value=0, max_value=10**7).map(lambda paise: Decimal(paise).scaleb(-2))
order_lines = st.lists(st.tuples(prices, st.integers(min_value=1, max_value=10), rates), min_size=1, max_size=30)


@fast
@given(lines=order_lines, shipping=prices, interstate=st.booleans())
def test_an_invoice_adds_up_to_its_lines_and_to_what_was_paid(lines, shipping, interstate):
    items = []
    for price, qty, rate in lines:
        line_total = price * qty
        tax = tax_included(line_total, rate, interstate=interstate)
        items.append(
            SimpleNamespace(gst_rate=rate, line_total=line_total, taxable_value=tax.taxable_value, tax=tax.tax)
        )
    delivery = tax_included(shipping, DELIVERY_GST_RATE, interstate=interstate)
    order = SimpleNamespace(
        items=SimpleNamespace(all=lambda: items),
        gst_interstate=interstate,
        place_of_supply="Puducherry" if interstate else "Andhra Pradesh",
        shipping_price=shipping,
        shipping_gst_rate=delivery.rate,
        shipping_taxable_value=delivery.taxable_value,
        shipping_tax=delivery.tax,
    )
    total_paid = sum((item.line_total for item in items), Decimal("0")) + shipping

    invoice = tax_invoice(order)

    totals = invoice.totals
    assert totals.total == totals.taxable_value + totals.tax == total_paid
    assert totals.split.cgst + totals.split.sgst + totals.split.igst == totals.tax
    assert [row.rate for row in invoice.rates] == sorted(
        {item.gst_rate for item in items} | ({18} if shipping else set())
    )
    for field in ("taxable_value", "tax"):
        assert sum((getattr(row, field) for row in invoice.rates), Decimal("0")) == getattr(totals, field)
    for row in invoice.rates:
        at_rate = [item for item in items if item.gst_rate == row.rate]
        charged = shipping if row.rate == DELIVERY_GST_RATE else Decimal("0")
        assert row.total == sum((item.line_total for item in at_rate), Decimal("0")) + charged
    assert (invoice.delivery is None) == (not shipping)
