"""The counter keeps billing with the connection down (issue 41), in a real browser: the till
keeps its catalog and a block of bill numbers (IndexedDB); with `context.set_offline(True)` the
cashier scans and searches, bills and prints; back online, the bills are sent once, numbered
without a gap from the block, stock moved once each, and a price changed meanwhile is the bill's
price, flagged for the manager. Screenshots (390x844 and 1280x800, English and Telugu) go to
test-results/counter/.

Needs the built bundles: `npm run build` first.
"""

import os
import time
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from catalog.models import Barcode, Financial
from catalog.tests.factories import make_category, make_product
from counter.models import Counter, CounterBill, NumberBlock
from orders.models import Order
from shop.tests.browser.test_gate_journeys import login_info, store_login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ADMIN_PHONE, ADMIN_PASSWORD = "9876500077", "admin-pass-123"
SHOTS = Path("test-results/counter")
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
OIL_CODE = "8901234567890"

# How many numbers the till holds in its IndexedDB (offline.js keeps them under numbers:<till>).
NUMBERS_HELD = """(till) => new Promise((resolve) => {
  const open = indexedDB.open("smlr-counter", 1);
  // Never create the till's database here (it would have no stores): that is the page's to do.
  open.onupgradeneeded = () => open.transaction.abort();
  open.onsuccess = () => {
    const get = open.result.transaction("kv").objectStore("kv").get(`numbers:${till}`);
    get.onsuccess = () => resolve((get.result || []).length);
    get.onerror = () => resolve(-1);
  };
  open.onerror = () => resolve(-1);
})"""


def wait_for_numbers(page: Page, till: str = "CTR1", at_least: int = 5) -> None:
    """Until the till holds its reserved block, polled from Python (page.evaluate awaits the read).
    The wait_for_function on the same read's promise used before returned while the till still held
    0 numbers (seen by reading again at once), so the connection sometimes dropped before the block
    was reserved and the offline bill rightly found "no bill numbers left": the intermittent
    failure of 2026-12-03, a fault of the test, not of the till."""
    deadline = time.monotonic() + 10
    while (held := page.evaluate(f"({NUMBERS_HELD})('{till}')")) < at_least:
        assert time.monotonic() < deadline, f"the till holds {held} reserved numbers after 10 s"
        page.wait_for_timeout(100)


@pytest.fixture
def shop(make_user):
    oils = make_category("OILS")
    oil = make_product(
        "Groundnut Oil", name_te="వేరుశెనగ నూనె", category=oils, brands={"Dhara": [("1", "l", "200", "180", 10)]}
    )
    dal = make_product("Toor Dal", name_te="కంది పప్పు", category=oils, brands={"Tata": [("500", "g", "90", "80", 10)]})
    oil_pack = oil.details.get().financials.get()
    Barcode.objects.create(pack=oil_pack, code=OIL_CODE, kind="ean13")
    Counter.objects.get_or_create(code="CTR1", defaults={"name": "Counter 1"})
    make_user(ADMIN_PHONE, password=ADMIN_PASSWORD, name="Lakshmi Admin", is_staff=True)
    return oil_pack, dal.details.get().financials.get()


def open_counter(browser, live_server, size: str, language: str = "en") -> Page:
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    context.set_default_timeout(10_000)
    page = context.new_page()
    store_login(page, login_info(page, ADMIN_PHONE, ADMIN_PASSWORD))
    page.evaluate("(lang) => localStorage.setItem('lang', lang)", language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto("/admin/counter")
    expect(page.locator("#counter-scan")).to_be_visible()
    # The till has reserved its block and kept it before the connection drops.
    wait_for_numbers(page)
    return page


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def bill_offline(page: Page, *, scan: str, pick: str | None = None) -> str:
    page.locator("#counter-scan").fill(scan)
    page.locator("#counter-scan").press("Enter")
    if pick:
        page.get_by_role("button", name=pick).click()
    expect(page.locator(".counter__list li")).to_have_count(1)
    page.locator("#counter-pay .btn", has_text="Add payment").click()
    page.locator(".counter__complete").click()
    receipt = page.locator("article.receipt")
    expect(receipt).to_be_visible()
    number = receipt.get_attribute("aria-label").rsplit(" ", 1)[1]
    return number


def test_bills_made_offline_are_sent_once_when_the_connection_is_back(browser, live_server, shop):
    oil, dal = shop
    page = open_counter(browser, live_server, "desktop")
    page.context.set_offline(True)
    expect(page.get_by_text("No connection: billing from this till's own catalog")).to_be_visible()

    numbers = [bill_offline(page, scan=OIL_CODE)]
    expect(page.locator("article.receipt")).to_contain_text("Billed offline at the prices shown")
    shoot(page, "offline-receipt-desktop-en")
    page.get_by_role("button", name="New bill").click()
    numbers.append(bill_offline(page, scan="toor"))  # by name, from the kept catalog
    page.get_by_role("button", name="New bill").click()
    # The price changes on the server meanwhile: the shopper pays what the till said.
    Financial.objects.filter(pk=oil.pk).update(dprice=Decimal("175.00"))
    numbers.append(bill_offline(page, scan=OIL_CODE))
    page.get_by_role("button", name="New bill").click()
    expect(page.get_by_text("3 bills wait to be sent")).to_be_visible()
    shoot(page, "offline-bill-desktop-en")
    assert not Order.objects.filter(channel="counter").exists()  # nothing reached the server

    page.context.set_offline(False)
    expect(page.get_by_text("3 bills made offline were sent.")).to_be_visible()

    block = NumberBlock.objects.get()
    assert numbers == [f"CTR1/{block.fy}/{n:06d}" for n in range(block.first, block.first + 3)]  # gapless
    made = CounterBill.objects.filter(offline=True).select_related("order").order_by("order__invoice_number")
    assert [bill.order.invoice_number for bill in made] == numbers
    assert [bill.order.total_price for bill in made] == [Decimal("180.00"), Decimal("80.00"), Decimal("180.00")]
    # Flagged for the manager: each oil bill says what it was billed at and the price when it landed.
    assert [("175.00" in bill.price_note) for bill in made] == [True, False, True]
    assert Financial.objects.get(pk=oil.pk).count_in_stock == 8 and Financial.objects.get(pk=dal.pk).count_in_stock == 9

    # Sent once: a reload (which syncs again) and another trip offline and back change nothing.
    page.reload()
    expect(page.locator("#counter-scan")).to_be_visible()
    page.context.set_offline(True)
    page.context.set_offline(False)
    page.wait_for_timeout(1500)
    assert CounterBill.objects.count() == 3 and Financial.objects.get(pk=oil.pk).count_in_stock == 8
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("language", ["en", "te"])
def test_the_offline_counter_screens(browser, live_server, shop, size, language):
    page = open_counter(browser, live_server, size, language)
    page.context.set_offline(True)
    expect(page.locator(".counter__offline .alert--warning")).to_be_visible()
    page.locator("#counter-scan").fill(OIL_CODE)
    page.locator("#counter-scan").press("Enter")
    expect(page.locator(".counter__list li")).to_have_count(1)
    shoot(page, f"offline-bill-{size}-{language}")
    page.locator("#counter-pay button.btn:not([role])").first.click()
    page.locator(".counter__complete").click()
    expect(page.locator("article.receipt")).to_be_visible()
    shoot(page, f"offline-receipt-{size}-{language}")
    page.context.set_offline(False)
    expect(page.locator(".counter__offline .alert--success")).to_be_visible()
    assert CounterBill.objects.filter(offline=True).count() == 1
    page.context.close()


@pytest.mark.parametrize("paper", ["80", "58"])
@pytest.mark.parametrize("language", ["en", "te"])
def test_the_receipt_prints_on_a_thermal_roll(browser, live_server, shop, paper, language):
    """A bill made online, its receipt printed through the browser's own print (the print CSS: only
    the receipt, on a roll of the chosen width) to a PDF of that width, then a PNG to look at."""
    page = open_counter(browser, live_server, "desktop")
    page.locator("#counter-scan").fill(OIL_CODE)
    page.locator("#counter-scan").press("Enter")
    expect(page.locator(".counter__list li")).to_have_count(1)
    expect(page.locator(".counter__total")).to_contain_text("GST")
    page.locator("#counter-pay .btn", has_text="Add payment").click()
    page.locator(".counter__complete").click()
    expect(page.locator("article.receipt")).to_be_visible()
    page.locator("#counter-paper").select_option(paper)
    page.locator("#counter-receipt-language").select_option(language)
    receipt = page.locator(f"article.receipt--{paper}")
    expect(receipt).to_have_attribute("lang", language)
    page.emulate_media(media="print")
    width_mm = receipt.evaluate("(node) => node.getBoundingClientRect().width * 25.4 / 96")
    assert width_mm <= int(paper) - 4  # inside the roll with its margins
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = SHOTS / f"receipt-{paper}mm-{language}.pdf"
    page.pdf(path=str(pdf), width=f"{paper}mm", height="200mm", print_background=True)
    assert pdf.stat().st_size > 1000
    bill = CounterBill.objects.get()
    assert not bill.offline and bill.order.invoice_number in receipt.inner_text()
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("language, says", [("en", "expired stock cannot be sold"), ("te", "అమ్మకూడదు")])
def test_a_scanned_pack_whose_every_batch_expired_says_why(browser, live_server, shop, size, language, says):
    import datetime

    from django.utils import timezone

    from catalog.models import StockBatch

    oil, _dal = shop
    Financial.objects.filter(pk=oil.pk).update(count_in_stock=0)
    StockBatch.objects.filter(pack=oil).delete()
    StockBatch.objects.create(pack=oil, count=4, best_before=timezone.localdate() - datetime.timedelta(days=2))
    Financial.objects.filter(pk=oil.pk).update(count_in_stock=4)
    page = open_counter(browser, live_server, size, language)
    page.locator("#counter-scan").fill(OIL_CODE)
    page.locator("#counter-scan").press("Enter")
    expect(page.locator(".counter__lines .alert--danger")).to_contain_text(says)
    expect(page.locator(".counter__complete")).to_be_disabled()
    shoot(page, f"expired-{size}-{language}")
    page.context.close()


SCAN_TO_LINE = """async (code) => {
  const box = document.querySelector("#counter-scan");
  const before = document.querySelectorAll(".counter__list li").length;
  const seen = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (document.querySelectorAll(".counter__list li").length > before) {
        watch.disconnect();
        resolve(performance.now());
      }
    });
    watch.observe(document.querySelector(".counter"), { childList: true, subtree: true });
  });
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  setter.call(box, code);
  box.dispatchEvent(new Event("input", { bubbles: true }));
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const start = performance.now();
  box.form.requestSubmit();
  const end = await seen;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""


@pytest.mark.bench
@pytest.mark.parametrize("connection", ["online", "offline"])
def test_scan_to_line_at_4x_cpu(browser, live_server, shop, connection, make_user):
    """The bench of the scan (bench/counter_scan.py runs it; bench/README.md): a scanned code to its
    line on screen, the page's CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), online (the
    barcode lookup on the live test server) and offline (the till's IndexedDB). Figures go to
    test-results/counter/scan.txt; the bench script judges them against the 100 ms target."""
    import statistics

    from catalog.tests.factories import make_product

    oils = shop[0].detail.product.category
    codes = []
    for n in range(12):  # 12 more packs with codes, scanned one after another onto one bill
        product = make_product(f"Bench pack {n}", category=oils, brands={"Bench": [("1", "kg", "100", "90", 50)]})
        body = f"89012345{n:04d}"
        code = body + str((10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10)
        Barcode.objects.create(pack=product.details.get().financials.get(), code=code, kind="ean13")
        codes.append(code)
    page = open_counter(browser, live_server, "desktop")
    if connection == "offline":
        page.reload()  # the kept catalog now holds the bench packs too
        wait_for_numbers(page)
        page.wait_for_timeout(500)
        page.context.set_offline(True)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    took = [page.evaluate(SCAN_TO_LINE, code) for code in codes]
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    expect(page.locator(".counter__list li")).to_have_count(len(codes))
    took.sort()
    p95 = took[max(0, round(len(took) * 0.95) - 1)]
    SHOTS.mkdir(parents=True, exist_ok=True)
    with (SHOTS / "scan.txt").open("a") as out:
        out.write(
            f"{connection}: scan to line at 4x CPU, {len(took)} scans: median {statistics.median(took):.1f} ms,"
            f" p95 {p95:.1f} ms, max {took[-1]:.1f} ms; load {os.getloadavg()[0]:.2f}\n"
        )
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("language", ["en", "te"])
def test_a_business_buyer_on_the_bill_and_the_channels_on_the_dashboard(browser, live_server, shop, size, language):
    page = open_counter(browser, live_server, size, language)
    page.locator("#counter-scan").fill(OIL_CODE)
    page.locator("#counter-scan").press("Enter")
    expect(page.locator(".counter__list li")).to_have_count(1)
    page.locator(".counter__buyer summary").click()
    page.locator("#counter-buyer-gstin").fill("37AAPFU0939F1ZU")
    page.locator("#counter-buyer-name").fill("Sri Lakshmi Traders")
    shoot(page, f"buyer-{size}-{language}")
    page.locator("#counter-pay button.btn:not([role])").first.click()
    page.locator(".counter__complete").click()
    expect(page.locator("article.receipt")).to_contain_text("Sri Lakshmi Traders")
    expect(page.locator("article.receipt")).to_contain_text("37AAPFU0939F1ZU")
    shoot(page, f"buyer-receipt-{size}-{language}")
    assert CounterBill.objects.get().order.invoice_buyer.gstin == "37AAPFU0939F1ZU"

    page.goto("/admin/dashboard")
    section = page.locator("section, figure, div").filter(
        has_text="Sales by channel" if language == "en" else "మార్గం వారీగా అమ్మకాలు"
    )
    expect(section.last).to_be_visible()
    expect(page.get_by_text("Counter" if language == "en" else "కౌంటర్").first).to_be_visible()
    shoot(page, f"dashboard-channels-{size}-{language}")
    page.context.close()
