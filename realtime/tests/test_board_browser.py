"""Issue 27 in a browser: the admin's live board misses no order while its socket is down.

The board is open and live; the browser goes offline and its socket is closed; three orders are
placed meanwhile (their broadcasts reach nobody); back online, the socket reconnects, the board
catches up from its last cursor, all three rows are there and the title counts them. Then the
board's screens at 390 x 844 and 1280 x 800 in English and Telugu. Served as in
test_order_browser.py; screenshots go to $LOOP_SCREENSHOTS (default bench/out/screens).
"""

import re

import pytest
from playwright.sync_api import expect

from catalog.models import Financial
from catalog.tests.factories import make_category, make_product
from checkout.placement import Address, LineRequest, Totals, order_place
from delivery import slots
from orders.models import Order
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from orders.tests.conftest import make_windows
from realtime.tests.test_order_browser import PASSWORD, SIZES, shot, signed_in_tab

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators"),
]

# Every socket the page opens, so the test can close them as a dropped connection would.
TRACK_SOCKETS = """
window.__sockets = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};
"""
LOW_STOCK = {
    "count": 2,
    "packs": [
        {"_id": "1", "name": "Sunflower Oil", "brand": "Fortune", "pack": "1 L", "countInStock": 2, "threshold": 5},
        {"_id": "2", "name": "Toor Dal", "brand": "Tata Sampann", "pack": "1 kg", "countInStock": 0, "threshold": 3},
    ],
}


@pytest.fixture
def shop(make_user):
    make_user("9000000001", PASSWORD, name="Shop Admin", is_staff=True)
    shopper = make_user(
        "9876500001", PASSWORD, name="Asha Customer", street="12 Main Road", city="Amalapuram", postal_code="533201"
    )
    oil = make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Fortune": [("1", "L", "160.00", "150.00", 90)]}
    )
    make_windows(capacity=20)
    pack = Financial.objects.select_related("detail").get(detail__product=oil)

    def place(*, slot: bool = True, method: str = "Cash Or UPI") -> Order:
        offer = slots.next_free_offer() if slot else None
        return order_place(
            user=shopper,
            items=[LineRequest(product_id=oil.pk, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)],
            shipping_address=Address(street="12 Main Road", city="Amalapuram", postal_code="533201"),
            payment_method=method,
            client_totals=Totals(items_price=pack.dprice, shipping_price=pack.dprice * 0, total_price=pack.dprice),
            delivery_slot=offer.id if offer else None,
        )

    return place


def test_a_dropped_board_catches_up_every_order_placed_meanwhile(browser, asgi_server, shop):
    first = shop()
    tab = signed_in_tab(browser, asgi_server, "9000000001", viewport=SIZES["1280"])
    tab.context.add_init_script(TRACK_SOCKETS)
    tab.goto("/admin/orderlist")
    expect(tab.get_by_role("link", name=first.invoice_number, exact=True)).to_be_visible()
    expect(tab.get_by_text("Live", exact=True)).to_be_visible()

    tab.context.set_offline(True)
    tab.evaluate("window.__sockets.forEach((socket) => socket.close())")
    expect(tab.get_by_text("Reconnecting…")).to_be_visible()
    placed = [shop(), shop(slot=False), shop(method="Online")]
    tab.wait_for_timeout(1500)  # a reconnection attempt or two fail while offline
    for order in placed:
        expect(tab.get_by_role("link", name=order.invoice_number, exact=True)).to_have_count(0)

    tab.context.set_offline(False)
    expect(tab.get_by_text("Live", exact=True)).to_be_visible(timeout=15_000)
    for order in placed:
        expect(tab.get_by_role("link", name=order.invoice_number, exact=True)).to_be_visible()
    expect(tab).to_have_title(re.compile(r"^\(3\) "))
    # Still live after the reconnection: a change reaches the board by itself.
    order_advance(order=Order.objects.get(pk=first.pk), to_status="packed")
    row = tab.locator("tr", has=tab.get_by_role("link", name=first.invoice_number, exact=True))
    expect(row.get_by_role("button", name="Mark as Dispatched")).to_be_visible()
    tab.context.close()


def test_the_board_screens(browser, asgi_server, shop):
    orders = [shop(), shop(), shop(slot=False, method="Online"), shop()]
    from accounts.models import User

    admin = User.objects.get(phone_no="9000000001")
    order_advance(order=orders[1], to_status="packed", by=admin)
    order_record_cash_payment(order=orders[1], by=admin)
    for language in ("en", "te"):
        for size, viewport in SIZES.items():
            tab = signed_in_tab(browser, asgi_server, "9000000001", viewport=viewport, language=language)
            tab.route(
                "**/api/products/low-stock",
                lambda route: route.fulfill(status=200, json=LOW_STOCK),
            )
            tab.goto("/admin/orderlist")
            expect(tab.get_by_role("link", name=orders[0].invoice_number, exact=True)).to_be_visible()
            expect(tab.locator(".low-stock")).to_be_visible()
            # Dates never break inside; a phone never scrolls sideways.
            tops = tab.eval_on_selector_all(
                ".admin-orders__when", "(nodes) => nodes.map((node) => node.getClientRects().length)"
            )
            assert tops and all(count == 1 for count in tops)
            assert tab.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(tab, f"board-{language}-{size}")
            tab.locator(".admin-orders__group").first.scroll_into_view_if_needed()
            tab.locator(".admin-orders__group-title").first.evaluate("(node) => node.scrollIntoView()")
            shot(tab, f"board-{language}-{size}-rows")
            tab.context.close()
