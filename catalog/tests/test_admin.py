"""Django admin (/staff/): every catalog model is listed, searchable and filterable, and saves go
through the services so Discount and slugs stay consistent."""

from decimal import Decimal

import pytest
from django.test import Client

from catalog.models import Category, Financial, Product, SearchSynonym
from conftest import deliver_product

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def shelf(customer):
    from catalog import services

    oils = make_category("OILS")
    oil = make_product(
        "Groundnut Oil",
        category=oils,
        brands={
            "Fortune": [("1", "L", "210", "150", 0), ("5", "L", "1000", "950", 3)],
            "Dhara": [("1", "L", "200", "200", 40)],
        },
    )
    make_product(
        "Toor Dal", category=make_category("RICE & PULSES"), brands={"Tata Sampann": [("1", "kg", "180", "170", 20)]}
    )
    deliver_product(customer, oil)
    services.review_create(product=oil, user=customer, rating=5)
    SearchSynonym.objects.create(word="nune", means="oil")
    SearchSynonym.objects.create(word="biyyam", means="rice")
    return oil


@pytest.mark.parametrize(
    ("path", "query", "expected", "absent"),
    [
        ("product", "", ["Groundnut Oil", "Toor Dal"], []),
        ("product", "?q=fortune", ["Groundnut Oil"], ["Toor Dal"]),
        ("product", "?q=toor-dal", ["Toor Dal"], ["Groundnut Oil"]),
        ("product", "?stock=out", ["Groundnut Oil"], ["Toor Dal"]),
        ("product", "?stock=low", ["Groundnut Oil"], ["Toor Dal"]),
        ("product", "?stock=in", ["Groundnut Oil", "Toor Dal"], []),
        ("product", "?discount=over-20", ["Groundnut Oil"], ["Toor Dal"]),
        ("product", "?discount=1-20", ["Groundnut Oil", "Toor Dal"], []),
        ("detail", "?stock=out", ["Fortune"], ["Dhara", "Tata Sampann"]),
        ("detail", "?discount=none", ["Dhara"], ["Fortune", "Tata Sampann"]),
        ("detail", "?q=groundnut", ["Fortune", "Dhara"], ["Tata Sampann"]),
        ("financial", "?stock=low", ["950.00"], ["150.00", "170.00"]),
        ("financial", "?discount=1-20", ["950.00", "170.00"], ["150.00"]),
        ("category", "", ["OILS", "RICE &amp; PULSES"], []),
        ("searchsynonym", "?q=nune", ["nune"], ["biyyam"]),
        ("review", "", ["Groundnut Oil"], []),
    ],
)
def test_changelists_search_and_filters(staff, shelf, path, query, expected, absent):
    response = staff.get(f"/staff/catalog/{path}/{query}")
    assert response.status_code == 200
    html = response.content.decode()
    for text in expected:
        assert text in html, text
    for text in absent:
        assert f">{text}<" not in html and f">{text} " not in html, text


def test_changelists_run_a_fixed_number_of_queries(staff, shelf, django_assert_max_num_queries):
    for n in range(20):
        make_product(f"Extra {n}", brands={"A": [("1", "kg", "10", "9", 1)], "B": []})
    for path in ("product", "detail", "financial", "category", "review", "searchsynonym"):
        with django_assert_max_num_queries(12):
            assert staff.get(f"/staff/catalog/{path}/").status_code == 200


def test_change_pages_open(staff, shelf):
    detail = shelf.details.first()
    for url in (
        f"/staff/catalog/product/{shelf.pk}/change/",
        f"/staff/catalog/detail/{detail.pk}/change/",
        f"/staff/catalog/financial/{detail.financials.first().pk}/change/",
        "/staff/catalog/product/add/",
        "/staff/catalog/searchsynonym/add/",
    ):
        assert staff.get(url).status_code == 200, url


def test_customers_cannot_open_the_admin(customer, shelf):
    client = Client()
    client.force_login(customer)
    assert client.get("/staff/catalog/product/").status_code == 302


def test_pack_inline_save_derives_the_discount(staff, shelf):
    detail = shelf.details.get(brand="Dhara")
    pack = detail.financials.get()
    response = staff.post(
        f"/staff/catalog/detail/{detail.pk}/change/",
        {
            "product": shelf.pk,
            "brand": "Dhara",
            "images": "[]",
            "financials-TOTAL_FORMS": "2",
            "financials-INITIAL_FORMS": "1",
            "financials-MIN_NUM_FORMS": "0",
            "financials-MAX_NUM_FORMS": "1000",
            "financials-0-id": pack.pk,
            "financials-0-detail": detail.pk,
            "financials-0-quantity": "1",
            "financials-0-units": "L",
            "financials-0-price": "200",
            "financials-0-dprice": "150",
            "financials-0-count_in_stock": "7",
            "financials-1-detail": detail.pk,
            "financials-1-quantity": "5",
            "financials-1-units": "L",
            "financials-1-price": "950",
            "financials-1-dprice": "900",
            "financials-1-count_in_stock": "2",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    pack.refresh_from_db()
    assert (pack.dprice, pack.discount, pack.count_in_stock) == (Decimal("150"), 25, 7)
    assert detail.financials.get(quantity=5).discount == 5


def test_pack_inline_refuses_selling_price_above_mrp(staff, shelf):
    detail = shelf.details.get(brand="Dhara")
    pack = detail.financials.get()
    response = staff.post(
        f"/staff/catalog/detail/{detail.pk}/change/",
        {
            "product": shelf.pk,
            "brand": "Dhara",
            "images": "[]",
            "financials-TOTAL_FORMS": "1",
            "financials-INITIAL_FORMS": "1",
            "financials-MIN_NUM_FORMS": "0",
            "financials-MAX_NUM_FORMS": "1000",
            "financials-0-id": pack.pk,
            "financials-0-detail": detail.pk,
            "financials-0-quantity": "1",
            "financials-0-units": "L",
            "financials-0-price": "200",
            "financials-0-dprice": "250",
            "financials-0-count_in_stock": "7",
        },
    )
    assert response.status_code == 200
    assert "Discounted price cannot be more than the price (MRP)." in response.content.decode()
    pack.refresh_from_db()
    assert pack.dprice == Decimal("200")


def test_pack_list_edit_derives_the_discount(staff, shelf):
    pack = Financial.objects.get(detail__brand="Dhara")
    response = staff.post(
        "/staff/catalog/financial/",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-MIN_NUM_FORMS": "0",
            "form-MAX_NUM_FORMS": "1000",
            "form-0-id": pack.pk,
            "form-0-price": "200",
            "form-0-dprice": "180",
            "form-0-count_in_stock": "40",
            "_save": "Save",
        },
    )
    assert response.status_code == 302
    pack.refresh_from_db()
    assert (pack.dprice, pack.discount) == (Decimal("180"), 10)


def _product_form(shelf, **fields) -> dict:
    """The product form as Django admin posts it, filled from `shelf`, with `fields` changed."""
    return {
        "name": shelf.name,
        "name_te": shelf.name_te,
        "slug": shelf.slug,
        "category": shelf.category_id,
        "image": shelf.image,
        "description": shelf.description,
        "hsn_code": "",
        "gst_rate": "0",
        "details-TOTAL_FORMS": "0",
        "details-INITIAL_FORMS": "0",
        "details-MIN_NUM_FORMS": "0",
        "details-MAX_NUM_FORMS": "1000",
        **fields,
    }


def test_product_add_makes_a_unique_slug_when_left_empty(staff, shelf):
    Product.objects.filter(pk=shelf.pk).update(slug="groundnut-oil")
    response = staff.post(
        "/staff/catalog/product/add/", _product_form(shelf, name="Groundnut Oil", slug="", image="", description="")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Product.objects.filter(name="Groundnut Oil").order_by("id").last().slug == "groundnut-oil-2"


def test_staff_set_the_hsn_code_and_gst_rate_in_the_admin(staff, shelf):
    response = staff.post(
        f"/staff/catalog/product/{shelf.pk}/change/", _product_form(shelf, hsn_code="1508 10", gst_rate="5")
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    shelf.refresh_from_db()
    assert (shelf.hsn_code, shelf.gst_rate) == ("150810", 5)


@pytest.mark.parametrize("fields", [{"hsn_code": "15A8"}, {"hsn_code": "15081"}, {"gst_rate": "7"}])
def test_the_admin_refuses_a_bad_hsn_code_or_a_rate_off_the_gst_slabs(staff, shelf, fields):
    response = staff.post(f"/staff/catalog/product/{shelf.pk}/change/", _product_form(shelf, **fields))

    assert response.status_code == 200  # the form again, with the error
    assert "HSN code must be 4, 6 or 8 digits." in response.content.decode() or "gst_rate" in fields
    shelf.refresh_from_db()
    assert (shelf.hsn_code, shelf.gst_rate) == ("", 0)


def test_deleting_a_review_in_the_admin_updates_the_rating(staff, shelf):
    review = shelf.reviews.get()
    response = staff.post(f"/staff/catalog/review/{review.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    shelf.refresh_from_db()
    assert (shelf.rating, shelf.num_reviews) == (Decimal("0.00"), 0)


def test_the_out_of_stock_action_goes_through_the_pack_service_and_announces_once(staff, shelf):
    from .announcements import announcements

    fortune = list(Financial.objects.filter(detail__brand="Fortune").order_by("pk"))
    with announcements() as received:
        response = staff.post(
            "/staff/catalog/financial/",
            {"action": "mark_out_of_stock", "_selected_action": [pack.pk for pack in fortune]},
        )
    assert response.status_code == 302
    assert [pack.count_in_stock for pack in Financial.objects.filter(detail__brand="Fortune")] == [0, 0]
    assert Financial.objects.get(detail__brand="Dhara").count_in_stock == 40
    assert received == [(frozenset({shelf.pk}), frozenset(pack.pk for pack in fortune))]


def test_staff_edit_telugu_names_in_the_admin(staff, shelf):
    response = staff.post(
        f"/staff/catalog/product/{shelf.pk}/change/", _product_form(shelf, name_te=" వేరుశనగ  నూనె ", description="")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    shelf.refresh_from_db()
    assert shelf.name_te == "వేరుశనగ నూనె"
    oils = shelf.category
    response = staff.post(
        f"/staff/catalog/category/{oils.pk}/change/",
        {
            "key": oils.key,
            "name": oils.name,
            "name_te": "నూనెలు",
            "image": "",
            "sequence": "1",
            "shelf_order": "3",  # where its shelves come on the pick list's walk
            "is_featured": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Category.objects.values_list("name_te", "shelf_order").get(pk=oils.pk) == ("నూనెలు", 3)


def test_staff_add_a_synonym_and_the_search_finds_it_at_once(staff, shelf, api_client):
    assert api_client.get("/api/products", {"keyword": "kandulu"}).json()["products"] == []
    response = staff.post("/staff/catalog/searchsynonym/add/", {"word": "  Kandulu ", "means": "toor dal"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert SearchSynonym.objects.get(means="toor dal").word == "kandulu"
    found = api_client.get("/api/products", {"keyword": "kandulu"}).json()["products"]
    assert [product["name"] for product in found] == ["Toor Dal"]
    again = staff.post("/staff/catalog/searchsynonym/add/", {"word": "kandulu", "means": "dal"})
    assert again.status_code == 200 and "already" in again.content.decode()
