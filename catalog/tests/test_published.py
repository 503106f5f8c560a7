"""Issue 45: what shoppers see is staff's choice (`catalog.shown`), and history is never deleted.

Every shopper-facing read leaves out a hidden product (and a hidden pack, and a brand whose packs
are all hidden); staff screens see them all; a product staff create starts hidden; a product,
brand or pack that orders hold is hidden instead of deleted."""

import pytest
from django.core.cache import cache

from catalog import selectors, services
from catalog.models import Financial, Product
from catalog.tests.factories import make_category, make_product
from conftest import client_for, deliver_product
from ondc.listing import catalog_pages
from orders.models import OrderItem

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_answers():
    cache.clear()  # the public answers are cached; each test writes its own catalog
    yield
    cache.clear()


@pytest.fixture
def shop():
    """A shown oil and a hidden ghee in one category; the oil has a hidden 15 L tin."""
    oils = make_category("OILS")
    oil = make_product(
        "Sunflower Oil",
        category=oils,
        brands={"Freedom": [("1", "L", "165", "150", 40), ("15", "L", "2400", "2200", 3)]},
    )
    Financial.objects.filter(detail__product=oil, quantity=15).update(published=False)
    ghee = make_product("Cow Ghee", category=oils, brands={"Heritage": [("500", "ml", "400", "380", 9)]})
    Product.objects.filter(pk=ghee.pk).update(published=False)
    return oil, ghee


@pytest.fixture
def admin(admin_user):
    return client_for(admin_user)


def names(products) -> list[str]:
    return [product["name"] for product in products]


def test_the_lists_search_suggestions_category_featured_and_top_leave_a_hidden_product_out(api_client, shop):
    assert names(api_client.get("/api/products").json()["products"]) == ["Sunflower Oil"]
    assert names(api_client.get("/api/products", {"keyword": "ghee"}).json()["products"]) == []
    assert names(api_client.get("/api/products", {"keyword": "heritage"}).json()["products"]) == []
    assert names(api_client.get("/api/products", {"keyword": "oil"}).json()["products"]) == ["Sunflower Oil"]
    suggested = api_client.get("/api/products/suggestions", {"q": "her"}).json()
    assert (names(suggested["products"]), suggested["brands"]) == ([], [])
    assert names(api_client.get("/api/products/suggestions", {"q": "ghee"}).json()["products"]) == []
    assert names(api_client.get("/api/products/categories/oils/products").json()["products"]) == ["Sunflower Oil"]
    assert names(api_client.get("/api/products/categories/all/products").json()["products"]) == ["Sunflower Oil"]
    assert api_client.get("/api/products/categories/all/products").json()["pages"] == 1
    [featured] = api_client.get("/api/products/featured").json()["categories"]
    assert names(featured["products"]) == ["Sunflower Oil"]
    assert names(api_client.get("/api/products/top").json()) == ["Sunflower Oil"]


def test_a_hidden_pack_is_left_out_of_the_shown_product(api_client, shop):
    oil, _ghee = shop
    [brand] = api_client.get(f"/api/products/{oil.slug}").json()["details"]
    assert [pack["quantity"] for pack in brand["financials"]] == ["1"]
    [card] = api_client.get("/api/products").json()["products"]
    assert [pack["quantity"] for pack in card["details"][0]["financials"]] == ["1"]
    assert "published" not in card and "published" not in card["details"][0]["financials"][0]


def test_a_brand_whose_packs_are_all_hidden_is_left_out(api_client, shop):
    oil, _ghee = shop
    sample = services.detail_create(product=oil)  # "Sample brand", a hidden ₹0 pack
    assert not sample.financials.get().published
    brands = [brand["brand"] for brand in api_client.get(f"/api/products/{oil.slug}").json()["details"]]
    assert brands == ["Freedom"]
    assert api_client.get("/api/products/suggestions", {"q": "sample"}).json()["brands"] == []


def test_the_product_page_and_its_answer_are_404_for_a_hidden_product(api_client, client, shop):
    _oil, ghee = shop
    assert api_client.get(f"/api/products/{ghee.slug}").status_code == 404
    assert api_client.get(f"/api/products/{ghee.pk}").status_code == 404
    assert client.get(f"/product/{ghee.slug}").status_code == 404


def test_staff_read_a_hidden_product_with_every_pack(admin, shop):
    oil, ghee = shop
    answer = admin.get(f"/api/admin/products/{ghee.slug}")
    assert answer.status_code == 200 and answer["Cache-Control"] == "private, no-store"
    assert (answer.json()["name"], answer.json()["published"]) == ("Cow Ghee", False)
    packs = admin.get(f"/api/admin/products/{oil.pk}").json()["details"][0]["financials"]
    assert [(pack["quantity"], pack["published"]) for pack in packs] == [("1", True), ("15", False)]
    assert admin.get("/api/admin/products/no-such-thing").status_code == 404


def test_the_sitemap_leaves_a_hidden_product_out(client, shop):
    oil, ghee = shop
    body = client.get("/sitemap.xml").content.decode()
    assert f"/product/{oil.slug}" in body
    assert ghee.slug not in body


def test_the_ondc_catalog_leaves_hidden_products_and_packs_out(shop):
    oil, _ghee = shop
    pages = list(catalog_pages())
    items = [item for page in pages for provider in page["catalog"]["bpp/providers"] for item in provider["items"]]
    shown_pack = Financial.objects.get(detail__product=oil, quantity=1)
    assert [item["id"] for item in items] == [str(shown_pack.pk)]


def test_a_cart_refresh_leaves_out_a_hidden_pack(api_client, shop):
    oil, ghee = shop
    refs = [
        {"productId": str(pack.detail.product_id), "brandId": str(pack.detail_id), "financialId": str(pack.pk)}
        for pack in Financial.objects.select_related("detail").order_by("pk")
    ]
    answer = api_client.post("/api/products/financials/batch", {"items": refs}, format="json").json()
    assert [item["name"] + " " + item["quantity"] for item in answer["items"]] == ["Sunflower Oil 1"]


def test_staff_list_shows_hidden_products_and_filters_them(admin, shop):
    listed = admin.get("/api/admin/products").json()
    assert {(row["name"], row["published"]) for row in listed} == {("Sunflower Oil", True), ("Cow Ghee", False)}
    assert names(admin.get("/api/admin/products", {"hidden": "true"}).json()) == ["Cow Ghee"]


def test_a_product_staff_create_starts_hidden_with_its_sample_pack(admin, api_client, shop):
    created = admin.post("/api/products").json()
    assert created["published"] is False
    assert created["details"][0]["financials"][0]["published"] is False
    assert "Sample name" not in names(api_client.get("/api/products").json()["products"])
    assert api_client.get(f"/api/products/{created['slug']}").status_code == 404


def test_publishing_needs_a_shown_pack_then_shows_the_product(admin, api_client, shop):
    _oil, ghee = shop
    created = admin.post("/api/products").json()
    refused = admin.put(f"/api/products/{created['_id']}", {"published": True}, format="json")
    assert refused.status_code == 409 and "packs" in refused.json()["message"]
    assert admin.put(f"/api/products/{ghee.pk}", {"published": True}, format="json").json()["published"] is True
    assert "Cow Ghee" in names(api_client.get("/api/products").json()["products"])
    hidden = admin.put(f"/api/products/{ghee.pk}", {"published": False}, format="json")
    assert hidden.status_code == 200 and hidden.json()["published"] is False
    assert "Cow Ghee" not in names(api_client.get("/api/products").json()["products"])
    assert admin.put(f"/api/products/{ghee.pk}", {"published": "maybe"}, format="json").status_code == 400


def test_deleting_a_product_that_orders_hold_hides_it_and_keeps_the_history(admin, api_client, customer, shop):
    oil, _ghee = shop
    pack = Financial.objects.get(detail__product=oil, quantity=1)
    order = deliver_product(customer, oil)
    OrderItem.objects.filter(order=order).update(financial=pack, brand_id=pack.detail_id)

    answer = admin.delete(f"/api/products/{oil.pk}")

    assert answer.status_code == 200
    assert answer.json() == {
        "message": "This product is part of orders, so it was hidden from shoppers, not deleted.",
        "deleted": False,
        "published": False,
    }
    oil.refresh_from_db()
    assert oil.published is False and oil.details.count() == 1
    assert OrderItem.objects.get(order=order).financial_id == pack.pk  # the line still names its pack
    assert api_client.get(f"/api/products/{oil.slug}").status_code == 404
    assert admin.get(f"/api/admin/products/{oil.slug}").status_code == 200


def test_deleting_a_product_no_order_holds_still_deletes_it(admin, shop):
    _oil, ghee = shop
    answer = admin.delete(f"/api/products/{ghee.pk}")
    assert answer.json() == {"message": "Product deleted successfully", "deleted": True}
    assert not Product.objects.filter(pk=ghee.pk).exists()


def test_deleting_a_brand_or_pack_that_orders_hold_hides_its_packs(admin, customer, shop):
    oil, _ghee = shop
    detail = oil.details.get()
    pack = detail.financials.get(quantity=1)
    order = deliver_product(customer, oil)
    OrderItem.objects.filter(order=order).update(financial=pack, brand_id=detail.pk)

    answer = admin.delete(f"/api/products/{oil.pk}/details/{detail.pk}")

    assert answer.json()["deleted"] is False and answer.json()["published"] is False
    assert list(detail.financials.values_list("published", flat=True)) == [False, False]
    pack.refresh_from_db()
    pack.published = True
    pack.save(update_fields=["published"])
    assert services.financial_delete(financial=pack) is False
    assert Financial.objects.get(pk=pack.pk).published is False
    unsold = detail.financials.get(quantity=15)
    assert services.financial_delete(financial=unsold) is True
    assert not Financial.objects.filter(pk=unsold.pk).exists()


def test_the_edit_screen_sets_the_description_a_packs_unit_threshold_and_shown(admin, api_client):
    make_category("OILS")
    created = admin.post("/api/products").json()
    detail = created["details"][0]
    body = {
        "quantity": "1",
        "units": "kg",
        "packUnits": "L",
        "price": "180",
        "discount": "0",
        "lowStockThreshold": "8",
        "packPublished": True,
        "description": "Cold-pressed sunflower oil",
    }
    answer = admin.put(f"/api/products/{created['_id']}/details/{detail['_id']}", body, format="json")

    assert answer.status_code == 200, answer.json()
    [pack] = answer.json()["details"][0]["financials"]
    assert (pack["quantity"], pack["units"], pack["price"], pack["lowStockThreshold"], pack["published"]) == (
        "1",
        "L",
        180,
        8,
        True,
    )
    assert answer.json()["description"] == "Cold-pressed sunflower oil"
    cleared = admin.put(
        f"/api/products/{created['_id']}/details/{detail['_id']}",
        {"quantity": "1", "units": "L", "lowStockThreshold": ""},
        format="json",
    )
    assert cleared.json()["details"][0]["financials"][0]["lowStockThreshold"] is None
    bad = admin.put(
        f"/api/products/{created['_id']}/details/{detail['_id']}",
        {"quantity": "1", "units": "L", "lowStockThreshold": "-1"},
        format="json",
    )
    assert bad.status_code == 400
    wrong_unit = admin.put(
        f"/api/products/{created['_id']}/details/{detail['_id']}",
        {"quantity": "1", "units": "L", "packUnits": "gallon"},
        format="json",
    )
    assert wrong_unit.status_code == 400
    assert admin.put(f"/api/products/{created['_id']}", {"published": True}, format="json").status_code == 200
    [shown] = api_client.get(f"/api/products/{created['slug']}").json()["details"][0]["financials"]
    assert (shown["quantity"], shown["units"]) == ("1", "L")


def test_the_low_stock_filter_marks_which_pack_is_low(admin, settings):
    settings.LOW_STOCK_THRESHOLD = 5
    oil = make_product("Sunflower Oil", brands={"Freedom": [("1", "L", "165", "150", 4), ("5", "L", "780", "700", 9)]})
    Financial.objects.filter(detail__product=oil, quantity=5).update(low_stock_threshold=10)
    Financial.objects.filter(detail__product=oil, quantity=1).update(low_stock_threshold=2)
    [row] = admin.get("/api/admin/products", {"lowStock": "true"}).json()
    marks = [(pack["quantity"], pack["lowStock"]) for pack in row["details"][0]["financials"]]
    assert marks == [("1", False), ("5", True)]  # its own threshold, not the shop's default


def test_the_shown_rule_is_the_selectors_too(shop):
    oil, ghee = shop
    assert selectors.product_find(ghee.slug, shown_only=True) is None
    assert selectors.product_find(ghee.slug) == ghee
    assert [p.name for p in selectors.admin_product_list(hidden=True).items] == ["Cow Ghee"]
    assert selectors.sitemap_entries()[1] == [(oil.slug, Product.objects.get(pk=oil.pk).updated_at)]


def test_an_open_cart_hears_a_hidden_pack_or_product_as_gone(shop):
    from realtime.products import pack_states, product_update_texts

    oil, ghee = shop
    packs = {pack.quantity: pack for pack in Financial.objects.filter(detail__product=oil)}
    ghee_pack = Financial.objects.get(detail__product=ghee)
    assert set(pack_states([pack.pk for pack in packs.values()] + [ghee_pack.pk])) == {packs[1].pk}
    texts = product_update_texts([oil.pk, ghee.pk])
    assert f'"_id":"{packs[1].pk}"' in texts[oil.pk] and f'"_id":"{packs[15].pk}"' not in texts[oil.pk]
    assert '"details":[]' in texts[ghee.pk]  # read as gone: every line of it out of stock
