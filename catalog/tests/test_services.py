from decimal import Decimal

import pytest

from catalog import services
from catalog.models import Detail, Financial, Product, Review
from common.errors import Conflict, DomainError
from conftest import deliver_product

from .factories import make_category, make_pack, make_product

pytestmark = pytest.mark.django_db


# --- Slugs and products --------------------------------------------------------------------------


def test_slugs_are_unique_with_numeric_suffixes():
    category = make_category()
    first = services.product_create(name="Toor Dal", category=category)
    second = services.product_create(name="Toor  Dal", category=category)
    third = services.product_create(name="toor dal", category=category)
    assert [first.slug, second.slug, third.slug] == ["toor-dal", "toor-dal-2", "toor-dal-3"]


def test_slug_is_never_all_digits():
    assert services.unique_slug("1947") == "product-1947"
    assert services.unique_slug("!!!") == "product"


def test_product_create_without_arguments_makes_an_editable_sample():
    category = make_category("EGGS & DAIRY")
    product = services.product_create()
    assert (product.name, product.slug, product.category) == ("Sample name", "sample-name", category)
    detail = product.details.get()
    assert detail.brand == "Sample brand"
    pack = detail.financials.get()
    assert (pack.quantity_display, pack.units, pack.price, pack.dprice, pack.discount, pack.count_in_stock) == (
        "1",
        "kg",
        Decimal("0.00"),
        Decimal("0.00"),
        0,
        0,
    )
    assert services.product_create().slug == "sample-name-2"


def test_product_create_with_no_categories_files_it_as_uncategorised():
    product = services.product_create()
    assert product.category.name == "UNCATEGORISED"
    assert product.category.is_featured is False


def test_product_update_renames_and_reslugs():
    product = make_product("Sample name", category=make_category("FLOURS"))
    other = make_category("OILS")
    services.product_update(product=product, name="Groundnut Oil", category="oils", image="/x.svg", description="d")
    product.refresh_from_db()
    assert (product.name, product.slug, product.category, product.image, product.description) == (
        "Groundnut Oil",
        "groundnut-oil",
        other,
        "/x.svg",
        "d",
    )


def test_product_update_keeps_an_explicit_slug_and_refuses_a_taken_one():
    product = make_product("Ravva")
    services.product_update(product=product, name="Bombay Ravva", slug="bombay-sooji")
    assert Product.objects.get(pk=product.pk).slug == "bombay-sooji"
    other = make_product("Maida")
    with pytest.raises(Conflict):
        services.product_update(product=other, slug="bombay-sooji")


def test_product_update_refuses_an_unknown_category_and_a_blank_name():
    product = make_product()
    with pytest.raises(DomainError, match="does not exist"):
        services.product_update(product=product, category="NOT A CATEGORY")
    with pytest.raises(DomainError, match="Name is required"):
        services.product_update(product=product, name="   ")


def test_product_delete_removes_brands_and_packs():
    product = make_product()
    services.product_delete(product=product)
    assert not Product.objects.exists() and not Detail.objects.exists() and not Financial.objects.exists()


# --- Brands --------------------------------------------------------------------------------------


def test_detail_create_with_a_pack():
    product = make_product()
    detail = services.detail_create(
        product=product,
        brand="Fortune",
        images=["/f.svg"],
        pack={"quantity": "5", "units": "L", "price": "810", "discount": "10", "count_in_stock": "4"},
    )
    pack = detail.financials.get()
    assert (detail.brand, detail.images) == ("Fortune", ["/f.svg"])
    assert (pack.price, pack.dprice, pack.discount, pack.count_in_stock) == (Decimal("810"), Decimal("729"), 10, 4)


def test_detail_create_without_a_brand_picks_a_free_sample_name_and_refuses_duplicates():
    product = make_product(brands={"Sample brand": []})
    assert services.detail_create(product=product).brand == "Sample brand 2"
    with pytest.raises(Conflict):
        services.detail_create(product=product, brand="Sample brand")


@pytest.fixture
def rice():
    product = make_product(
        "Sona Masoori Rice",
        category=make_category("RICE & PULSES"),
        brands={"Lalitha": [("10", "kg", "720", "699", 5), ("25", "kg", "1650", "1599", 2)], "Daawat": []},
    )
    return product.details.get(brand="Lalitha")


def test_detail_update_sets_price_and_discount_of_the_named_pack(rice):
    services.detail_update(detail=rice, quantity="25", price="1700", discount="10")
    pack = rice.financials.get(quantity=25)
    assert (pack.price, pack.dprice, pack.discount, pack.count_in_stock) == (Decimal("1700"), Decimal("1530"), 10, 2)
    untouched = rice.financials.get(quantity=10)
    assert (untouched.price, untouched.dprice) == (Decimal("720"), Decimal("699"))


def test_detail_update_price_alone_keeps_the_discount(rice):
    services.detail_update(detail=rice, quantity=10, price="800")
    pack = rice.financials.get(quantity=10)
    assert (pack.price, pack.discount, pack.dprice) == (Decimal("800"), 3, Decimal("776"))


def test_detail_update_rounds_derived_selling_price_to_paise(rice):
    services.detail_update(detail=rice, quantity="10", price="99.99", discount=33)
    pack = rice.financials.get(quantity=10)
    assert (pack.dprice, pack.discount) == (Decimal("66.99"), 33)


def test_detail_update_manual_quantity_creates_the_pack_in_the_brands_units(rice):
    services.detail_update(detail=rice, manual_quantity="5", price="380", discount="5")
    pack = rice.financials.get(quantity=5)
    assert (pack.units, pack.price, pack.dprice, pack.discount, pack.count_in_stock) == (
        "kg",
        Decimal("380"),
        Decimal("361"),
        5,
        0,
    )


def test_detail_update_manual_quantity_selects_an_existing_pack(rice):
    services.detail_update(detail=rice, manual_quantity="10", price="750", discount="0")
    assert rice.financials.count() == 2
    assert rice.financials.get(quantity=10).dprice == Decimal("750")


def test_detail_update_product_and_brand_fields(rice):
    services.detail_update(
        detail=rice,
        name="Sona Masoori Raw Rice",
        slug=rice.product.slug,
        category="RICE & PULSES",
        brand="Sri Lalitha",
        image="/media/new.svg",
    )
    rice.refresh_from_db()
    assert rice.brand == "Sri Lalitha"
    assert rice.images[0] == "/media/new.svg"
    assert (rice.product.name, rice.product.slug, rice.product.image) == (
        "Sona Masoori Raw Rice",
        "sona-masoori-raw-rice",
        "/media/new.svg",
    )


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"quantity": "7"}, DomainError, "Selected quantity details are not available."),
        ({"brand": "Daawat"}, Conflict, "already has the brand"),
        ({"price": "10"}, DomainError, "Choose a pack size"),
        ({"manual_quantity": "2"}, DomainError, "Price is required"),
        ({"manual_quantity": "-2", "price": "1"}, DomainError, "more than 0"),
        ({"quantity": "10", "price": "100", "discount": "150"}, DomainError, "from 0 to 100"),
        ({"quantity": "10", "price": "abc"}, DomainError, "must be a number"),
        ({"manual_quantity": "2", "units": "stone", "price": "1"}, DomainError, "Units must be one of"),
    ],
)
def test_detail_update_refuses_bad_edits_and_changes_nothing(rice, fields, error, message):
    before = list(Financial.objects.order_by("id").values())
    with pytest.raises(error, match=message):
        services.detail_update(detail=rice, **fields)
    assert list(Financial.objects.order_by("id").values()) == before


def test_detail_delete():
    product = make_product(brands={"A": [("1", "kg", "10", "10", 1)], "B": []})
    services.detail_delete(detail=product.details.get(brand="A"))
    assert list(product.details.values_list("brand", flat=True)) == ["B"]
    assert not Financial.objects.exists()


# --- Packs ---------------------------------------------------------------------------------------


def test_financial_create_derives_discount_and_refuses_duplicates():
    detail = make_product(brands={"Freedom": []}).details.get()
    pack = services.financial_create(
        detail=detail, quantity="1", units="l", price="165", dprice="150", count_in_stock=3
    )
    assert (pack.units, pack.discount) == ("L", 9)
    with pytest.raises(Conflict, match="already has a 1 L pack"):
        services.financial_create(detail=detail, quantity="1.000", units="L", price="1")


def test_financial_save_rederives_a_stale_discount():
    detail = make_product(brands={"X": []}).details.get()
    pack = make_pack(detail, price="100", dprice="90")
    pack.dprice = Decimal("50")
    services.financial_save(financial=pack)
    pack.refresh_from_db()
    assert pack.discount == 50


def test_financial_update_with_dprice():
    detail = make_product(brands={"X": []}).details.get()
    pack = services.financial_update(financial=make_pack(detail), dprice="75", count_in_stock=0)
    assert (pack.price, pack.dprice, pack.discount, pack.count_in_stock) == (Decimal("100"), Decimal("75"), 25, 0)


# --- Reviews -------------------------------------------------------------------------------------


def test_reviews_keep_the_products_rating(customer, other_customer):
    product = make_product()
    deliver_product(customer, product)
    services.review_create(product=product, user=customer, rating=5, comment="Fresh")
    deliver_product(other_customer, product)
    services.review_create(product=product, user=other_customer, rating=4)
    product.refresh_from_db()
    assert (product.rating, product.num_reviews) == (Decimal("4.50"), 2)
    with pytest.raises(Conflict, match="Product already reviewed"):
        deliver_product(customer, product)
        services.review_create(product=product, user=customer, rating=1)
    services.review_delete(review=Review.objects.get(user=other_customer))
    product.refresh_from_db()
    assert (product.rating, product.num_reviews) == (Decimal("5.00"), 1)


@pytest.mark.parametrize("rating", [0, 6, "x", None])
def test_review_rating_must_be_1_to_5(customer, rating):
    with pytest.raises(DomainError):
        services.review_create(product=make_product(), user=customer, rating=rating)
