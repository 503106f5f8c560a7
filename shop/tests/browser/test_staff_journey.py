"""Staff run the catalog and the users from the shop's own admin screens (issue 14), in a real
browser: an admin creates a product, names its brand, prices a pack, uploads a photo, adds a
second pack size; a shopper then finds it with its picture and price. Screenshots of every staff
screen at 390×844 and 1280×800 go to STAFF_SCREENSHOTS_DIR when it is set.

Needs the built bundles: `npm run build` first.
"""

import io
import os
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from catalog.models import Product
from catalog.tests.factories import make_category, make_product
from shop.tests.browser.test_gate_journeys import login_info, store_login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ADMIN_PHONE, ADMIN_PASSWORD = "9876500099", "admin-pass-123"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


@pytest.fixture
def shop(settings, tmp_path, make_user):
    settings.MEDIA_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}}
    make_category("OILS")
    sweets = make_category("SWEETS")
    make_product("Groundnut Oil", category=sweets, brands={"Dhara": [("1", "l", "200", "180", 3)]})
    admin = make_user(ADMIN_PHONE, password=ADMIN_PASSWORD, name="Lakshmi Admin", is_staff=True)
    make_user("9876500001", name="Asha Customer")
    return admin


def photo(path: Path) -> Path:
    out = io.BytesIO()
    Image.new("RGB", (1200, 900), (230, 150, 40)).save(out, format="JPEG")
    path.write_bytes(out.getvalue())
    return path


def sign_in_admin(page: Page) -> None:
    store_login(page, login_info(page, ADMIN_PHONE, ADMIN_PASSWORD))
    page.on("dialog", lambda dialog: dialog.accept())


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("STAFF_SCREENSHOTS_DIR")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_an_admin_builds_a_product_and_a_shopper_sees_it(page: Page, browser, live_server, shop, tmp_path):
    sign_in_admin(page)
    page.goto("/admin/productlist")
    expect(page.get_by_role("heading", name="Products")).to_be_visible()
    expect(page.get_by_role("group", name="Brand Dhara")).to_be_visible()

    # 1. Create Product (confirmed) opens the sample's edit screen.
    page.get_by_role("button", name="Create Product").click()
    expect(page).to_have_url(re.compile(r"/admin/product/\d+/edit/\d+$"))
    expect(page.get_by_role("heading", name="Edit Product Details")).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Konaseema Jaggery")
    page.get_by_label("Category", exact=True).select_option("SWEETS")
    page.get_by_label("Brand", exact=True).fill("Sweet Farm")
    expect(page.get_by_label("Weight", exact=True)).to_have_value(re.compile(r"\d+"))  # the sample's 1 kg
    page.get_by_label("Price", exact=True).fill("120")
    page.get_by_label("Discount", exact=True).fill("10")
    page.get_by_label("Stock", exact=True).fill("25")
    # Issue 45: a new product and its sample pack start hidden; the admin shows this size.
    page.get_by_label("Shown to shoppers (this size)").check()

    # 2. The file chooser uploads a photo and fills the Image field with its URL.
    page.get_by_label("Choose image file").set_input_files(str(photo(tmp_path / "jaggery.jpg")))
    expect(page.get_by_text("Image uploaded")).to_be_visible()
    expect(page.get_by_label("Image", exact=True)).to_have_value(re.compile(r"^/media/catalog/uploads/\w+\.webp$"))
    uploaded = page.get_by_label("Image", exact=True).input_value()
    page.get_by_role("button", name="Update Details").click()
    expect(page).to_have_url(re.compile(r"/admin/productlist$"))
    expect(page.get_by_text("Product details updated")).to_be_visible()

    product = Product.objects.get(name="Konaseema Jaggery")
    detail = product.details.get()
    pack = detail.financials.get()
    assert (detail.brand, pack.price, pack.discount, pack.count_in_stock) == ("Sweet Farm", 120, 10, 25)
    assert product.image == uploaded and detail.images[0] == uploaded
    # Still hidden until published from the list (no "Sample name" was ever shown to shoppers).
    row = page.locator("tr", has_text="Konaseema Jaggery")
    expect(row.get_by_text("Hidden", exact=True)).to_be_visible()
    row.get_by_role("button", name="Publish Konaseema Jaggery").click()
    expect(row.get_by_text("Published", exact=True)).to_be_visible()

    # A second pack size: Add pack makes an unpriced sample pack and opens it; the admin prices it.
    brand = page.get_by_role("group", name="Brand Sweet Farm")
    brand.get_by_role("button", name="Add pack").click()
    expect(page).to_have_url(re.compile(rf"/admin/product/{product.pk}/edit/{detail.pk}\?pack=\d+$"))
    sample = detail.financials.order_by("-id").first()
    expect(page.get_by_label("Weight", exact=True)).to_have_value(str(sample.pk))
    page.get_by_label("Price", exact=True).fill("550")
    page.get_by_label("Discount", exact=True).fill("0")
    page.get_by_label("Stock", exact=True).fill("8")
    page.get_by_role("button", name="Update Details").click()
    expect(page).to_have_url(re.compile(r"/admin/productlist$"))
    sample.refresh_from_db()
    assert (sample.price, sample.count_in_stock) == (550, 8)

    # A third from the manual Weight field, when no size is chosen.
    page.get_by_role("group", name="Brand Sweet Farm").get_by_role("link", name="Edit").click()
    page.get_by_label("Weight", exact=True).select_option("")
    page.get_by_label("Weight (new size)").fill("5")
    page.get_by_label("Price", exact=True).fill("1000")
    page.get_by_label("Stock", exact=True).fill("9")
    page.get_by_role("button", name="Update Details").click()
    expect(page).to_have_url(re.compile(r"/admin/productlist$"))
    assert detail.financials.filter(quantity=5, price=1000, count_in_stock=9).exists()

    # Low stock finds the oil with 3 left (once the list has loaded: a click while it is still
    # drawing can land on a box that is then drawn again, unchecked).
    expect(page.get_by_role("group", name="Brand Dhara")).to_be_visible()
    page.get_by_label("Low stock").check()
    expect(page).to_have_url(re.compile(r"lowStock=true"))
    expect(page.get_by_role("group", name="Brand Dhara")).to_be_visible()
    expect(page.get_by_role("group", name="Brand Sweet Farm")).to_have_count(0)

    # 3. A shopper finds the product, its picture and its price.
    shopper = browser.new_context(base_url=live_server.url, viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    tab = shopper.new_page()
    tab.goto("/search/jaggery")
    card = tab.locator(".product-card", has_text="Konaseema Jaggery").first
    expect(card).to_be_visible()
    expect(card).to_contain_text("108")  # 120 less 10 %
    expect(card.locator("img").first).to_have_attribute("src", re.compile(r"/media/catalog/uploads/"))
    tab.goto(f"/product/{product.slug}")
    expect(tab.get_by_role("heading", name="Konaseema Jaggery")).to_be_visible()
    shopper.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_staff_screens_at_phone_and_desktop_widths(browser, live_server, shop, size):
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    page = context.new_page()
    sign_in_admin(page)
    product = Product.objects.get(name="Groundnut Oil")
    customer_id = shop.__class__.objects.get(phone_no="9876500001").pk
    screens = {
        "userlist": "/admin/userlist",
        "user-edit": f"/admin/user/{customer_id}/edit",
        "productlist": "/admin/productlist",
        "product-edit": f"/admin/product/{product.slug}/edit/{product.details.get().pk}",
    }
    for name, path in screens.items():
        page.goto(path)
        page.locator(".admin-page").wait_for()
        page.wait_for_load_state("networkidle")
        expect(page.get_by_alt_text("Loading...")).to_have_count(0)
        # Nothing runs off the side of a phone.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"], f"{path} is {width}px wide at {size}"
        shoot(page, f"{name}-{size}")

    page.goto("/admin/userlist")
    row = page.locator("tr", has_text="Asha Customer")
    expect(row.get_by_role("link", name="9876500001")).to_have_attribute("href", "tel:+919876500001")
    # Every row keeps its Edit link, an admin's too (issue 45: granting admin took it away).
    expect(page.locator("tr", has_text="Lakshmi Admin").get_by_role("link", name="Edit")).to_have_count(1)
    row.get_by_role("link", name="Edit").click()
    page.get_by_label("Is Admin").check()
    page.get_by_role("button", name="Update").click()
    expect(page).to_have_url(re.compile(r"/admin/userlist$"))
    expect(page.get_by_text("user updated successfully")).to_be_visible()
    context.close()
