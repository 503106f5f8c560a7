"""A delivery window's printed sheets in a real browser (issue 27): Chromium prints the pick list and
the delivery sheet, and the packing slips, to PDF under the pages' Content-Security-Policy; each PDF
is A4 and holds the sheet and nothing of the shop around it, the pick list its sums, the delivery
sheet its phone numbers and the money to collect, and each packing slip is a page of its own.

Needs the built bundles: `npm run build` first. About 10 seconds. With SHOTS_DIR set, it also saves
each sheet's PDF there.
"""

import io
import os
from datetime import date, time
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from catalog.models import Category, Detail, Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from delivery.models import DeliveryWindow, Slot
from orders.models import SlotBooking
from orders.tests.conftest import windows_but_on

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DAY = date(2026, 11, 27)
A4 = (595, 842)  # points
NOT_PRINTED = ("Search for products", "About Us", "Say Hi", "All windows", "Print")
SHOTS = Path(os.environ["SHOTS_DIR"]) if os.environ.get("SHOTS_DIR") else None


def printed_pages(page: Page, name: str) -> list[tuple[tuple[int, int], str]]:
    """Each printed page's size in points and its text, casefolded, line breaks as spaces."""
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    if SHOTS:
        (SHOTS / f"{name}.pdf").write_bytes(pdf)
    return [
        (
            (round(float(sheet.mediabox.width)), round(float(sheet.mediabox.height))),
            " ".join(sheet.extract_text().casefold().split()),
        )
        for sheet in PdfReader(io.BytesIO(pdf)).pages
    ]


@pytest.fixture
def window_day(make_user):
    """Three shoppers' orders in Friday's 7-10 window: rice and oil, cash and one paid online order."""
    admin = make_user("9000000001", "admin12345", name="Lakshmi Admin", is_staff=True)
    windows_but_on(DAY)  # where placement books at the real time, before the booking below moves the order
    window = DeliveryWindow.objects.create(weekday=DAY.weekday(), start=time(7), end=time(10), capacity=20)
    staples = Category.objects.create(key="rice", name="RICE", shelf_order=2)
    oils = Category.objects.create(key="oils", name="OILS", shelf_order=1)
    rice = Detail.objects.create(
        product=Product.objects.create(name="Sona Masoori Rice", slug="rice", category=staples), brand="India Gate"
    )
    oil = Detail.objects.create(
        product=Product.objects.create(name="Sunflower Oil", slug="oil", category=oils), brand="Fortune"
    )
    rice_5kg = Financial.objects.create(detail=rice, quantity=5, units="kg", price=450, dprice=399, count_in_stock=50)
    oil_1l = Financial.objects.create(detail=oil, quantity=1, units="L", price=160, dprice=145, count_in_stock=50)
    slot = Slot.objects.create(window=window, date=DAY, booked=3)
    shoppers = [
        ("9876500011", "Asha Devi", "Amalapuram", "533201", [(rice_5kg, 2), (oil_1l, 1)]),
        ("9876500012", "Ravi Kumar", "Kakinada", "533001", [(rice_5kg, 1), (oil_1l, 3)]),
        ("9876500013", "Sita Rani", "Yanam", "533464", [(oil_1l, 2)]),
    ]
    for phone, name, town, pincode, lines in shoppers:
        address = {"street": f"{phone[-2:]} Main Road", "city": town, "postal_code": pincode}
        user = make_user(phone, name=name, **address)
        total = sum((pack.dprice * qty for pack, qty in lines), Decimal("0.00"))
        order = order_place(
            user=user,
            items=[LineRequest(pack.detail.product_id, pack.detail_id, pack.pk, qty) for pack, qty in lines],
            shipping_address=Address(**address),
            payment_method="Cash Or UPI",
            client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
        )
        SlotBooking.objects.filter(order=order).delete()
        SlotBooking.objects.create(order=order, slot=slot, date=DAY, start=window.start, end=window.end)
    return admin, window


def sign_in(page: Page, phone_no: str, password: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())


def test_the_sheets_print_on_a4_with_their_sums_phones_and_a_page_per_slip(page: Page, window_day):
    admin, window = window_day
    refused: list[str] = []
    page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
    sign_in(page, admin.phone_no, "admin12345")
    query = f"window={window.pk}&date={DAY}"

    page.goto(f"/admin/picklist?{query}")
    expect(page.get_by_role("heading", name="OILS")).to_be_visible()
    [(size, text)] = printed_pages(page, "picklist")
    assert size == A4
    # Oils' shelf before rice's; each pack summed over the three orders.
    assert "3 orders · 9 packs" in text
    assert "oils (6)" in text and "sunflower oil fortune 1 l 6 3" in text
    assert "rice (3)" in text and "sona masoori rice india gate 5 kg 3 2" in text
    assert text.index("sunflower oil") < text.index("sona masoori rice")
    assert [word for word in NOT_PRINTED if word.casefold() in text] == []

    page.get_by_role("link", name="Delivery sheet").click()
    expect(page.get_by_role("link", name="9876500013")).to_be_visible()
    [(size, text)] = printed_pages(page, "deliverysheet")
    assert size == A4
    assert all(phone in text for phone in ("9876500011", "9876500012", "9876500013"))
    assert "₹943.00" in text and "₹834.00" in text and "₹290.00" in text and "₹2,067.00" in text
    # Route order: Amalapuram (533201), Kakinada (533001), Yanam (533464), as DELIVERY_PINCODES lists them.
    assert text.index("asha devi") < text.index("ravi kumar") < text.index("sita rani")

    page.get_by_role("link", name="Packing slips").click()
    expect(page.get_by_role("article")).to_have_count(3)
    slips = printed_pages(page, "packingslips")
    assert [size for size, _ in slips] == [A4] * 3
    assert ["asha devi" in slips[0][1], "ravi kumar" in slips[1][1], "sita rani" in slips[2][1]] == [True] * 3
    assert "ravi kumar" not in slips[0][1] and "asha devi" not in slips[1][1]
    assert refused == []
