from io import StringIO

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.db.models import F
from django.utils.text import slugify

from accounts.models import User
from catalog.models import Category, Detail, Financial, Product, SearchSynonym
from catalog.pricing import discount_percent
from catalog.tests.announcements import announcements
from demo.data import CATEGORIES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def _seed() -> str:
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def _snapshot():
    return (
        list(Category.objects.order_by("id").values()),
        list(
            Product.objects.order_by("id").values(
                "id", "name", "slug", "category_id", "image", "description", "hsn_code", "gst_rate"
            )
        ),
        list(Detail.objects.order_by("id").values()),
        list(Financial.objects.order_by("id").values()),
        list(User.objects.order_by("id").values("phone_no", "password", "name", "is_staff")),
    )


def test_seed_loads_every_featured_category_in_the_spec_order():
    _seed()
    categories = list(Category.objects.order_by("sequence"))
    assert [c.name for c in categories] == CATEGORIES
    assert len(categories) == 23
    assert categories[0].name == "BATH & BODY" and categories[-1].name == "EGGS & DAIRY"
    assert all(c.key == slugify(c.name) and c.is_featured for c in categories)
    assert Category.objects.get(name="BATH & BODY").key == "bath-body"


def test_seed_catalog_is_big_and_plausible():
    _seed()
    assert Product.objects.count() >= 150
    for product in Product.objects.prefetch_related("details__financials"):
        brands = product.details.all()
        assert 1 <= len(brands) <= 3, product
        for detail in brands:
            packs = detail.financials.all()
            assert 1 <= len(packs) <= 4, detail
            for pack in packs:
                assert 0 < pack.dprice <= pack.price
                assert pack.discount == discount_percent(pack.price, pack.dprice)
    packs = Financial.objects.count()
    assert Financial.objects.filter(dprice__lt=F("price")).count() > packs * 0.7
    assert Financial.objects.filter(count_in_stock__gt=0).count() > packs * 0.8
    names = set(Product.objects.values_list("name", flat=True))
    assert {
        "Sona Masoori Rice",
        "BPT Rice",
        "Basmati Rice",
        "Toor Dal",
        "Chakki Atta",
        "Bombay Ravva",
        "Groundnut Oil",
        "Sunflower Oil",
        "Gingelly Oil",
        "Mango Pickle",
        "Agarbatti",
        "Camphor",
        "Farm Eggs",
        "Curd",
    } <= names
    assert Product.objects.filter(category__name="BUDGET FRIENDLY PACKAGES").count() >= 5


def test_every_product_brand_and_category_has_an_offline_image():
    _seed()
    rows = [*Category.objects.values_list("image", flat=True), *Product.objects.values_list("image", flat=True)]
    rows += [detail.images[0] for detail in Detail.objects.all()]
    for url in rows:
        assert url.startswith("/media/catalog/") and url.endswith(".svg"), url
        path = url.removeprefix("/media/")
        assert default_storage.exists(path), path
        assert default_storage.size(path) < 4096, path  # a few KB each
    svg = default_storage.open("catalog/illustrations/v1/bath-body.svg").read().decode()
    assert svg.startswith("<svg") and "<title>BATH &amp; BODY</title>" in svg


def test_each_brand_is_drawn_as_its_pack_with_its_name_on_white():
    _seed()
    detail = Detail.objects.get(product__name="Sona Masoori Rice", brand="Lalitha")
    svg = default_storage.open(detail.images[0].removeprefix("/media/")).read().decode()

    assert '<rect width="400" height="400" fill="#fff"/>' in svg
    assert ">Lalitha<" in svg and ">Sona Masoori<" in svg and ">Rice<" in svg  # the name wraps on the label
    assert "stroke-dasharray" in svg  # the stitched top of a rice bag


def test_a_second_seed_redraws_old_tiles_but_keeps_uploaded_photos():
    _seed()
    photo = Detail.objects.filter(product__name="Sunflower Oil").first()
    photo.images = ["https://cdn.example.in/photos/sunflower.jpg"]
    photo.save()
    old = Detail.objects.exclude(pk=photo.pk).first()
    old.images = ["/media/catalog/products/old-tile.svg"]
    old.save()
    Category.objects.filter(key="oils").update(image="/media/catalog/categories/oils.svg")

    _seed()

    photo.refresh_from_db()
    old.refresh_from_db()
    assert photo.images == ["https://cdn.example.in/photos/sunflower.jpg"]
    assert "/catalog/packshots/v1/" in old.images[0]
    assert "/catalog/illustrations/v1/" in Category.objects.get(key="oils").image


def test_seed_creates_the_demo_admin_and_customer():
    output = _seed()
    admin = User.objects.get(phone_no="9000000001")
    customer = User.objects.get(phone_no="9000000002")
    assert (admin.name, admin.is_staff, admin.check_password("admin12345")) == ("Store Admin", True, True)
    assert (customer.name, customer.is_staff, customer.check_password("customer12345")) == (
        "Demo Customer",
        False,
        True,
    )
    assert (customer.street, customer.city, customer.postal_code) == ("12-4 Gandhi Nagar", "Amalapuram", "533201")
    assert "9000000001 / admin12345" in output


def test_running_seed_twice_changes_nothing():
    _seed()
    before = _snapshot()
    output = _seed()
    assert _snapshot() == before
    assert "products: " in output and "(0 new)" in output


def test_seed_keeps_admin_changes_and_fills_only_gaps():
    _seed()
    pack = Financial.objects.order_by("id").first()
    pack.price, pack.dprice, pack.discount = 999, 999, 0
    pack.save()
    Product.objects.filter(name="Toor Dal").delete()
    _seed()
    pack.refresh_from_db()
    assert pack.price == 999
    assert Product.objects.filter(name="Toor Dal").get().details.count() == 3


def test_every_demo_product_has_a_plausible_hsn_code_and_gst_rate():
    _seed()
    rates = dict(Product.objects.values_list("name", "gst_rate"))
    assert not Product.objects.filter(hsn_code="").exists()
    assert set(rates.values()) == {0, 5, 12, 18, 28}
    assert (rates["Iodised Salt"], rates["Toned Milk"], rates["BPT Rice"]) == (0, 0, 0)
    assert (rates["Sona Masoori Rice"], rates["Sunflower Oil"], rates["Toor Dal"]) == (5, 5, 5)
    assert (rates["Bathing Soap"], rates["Shampoo"], rates["AA Batteries"]) == (18, 18, 28)
    assert Product.objects.get(name="Sunflower Oil").hsn_code == "1512"


def test_a_later_seed_classifies_products_loaded_before_gst_but_keeps_staff_codes():
    _seed()
    Product.objects.filter(name="Sugar").update(hsn_code="", gst_rate=0)
    Product.objects.filter(name="Honey").update(hsn_code="04090000", gst_rate=12)
    _seed()
    assert Product.objects.values_list("hsn_code", "gst_rate").get(name="Sugar") == ("1701", 5)
    assert Product.objects.values_list("hsn_code", "gst_rate").get(name="Honey") == ("04090000", 12)


def _telugu(text: str) -> bool:
    return any("\u0c00" <= char <= "\u0c7f" for char in text)


def test_every_demo_category_and_product_has_a_telugu_name():
    _seed()
    assert all(_telugu(name) for name in Category.objects.values_list("name_te", flat=True))
    assert all(_telugu(name) for name in Product.objects.values_list("name_te", flat=True))
    assert Category.objects.get(name="RICE & PULSES").name_te == "బియ్యం & పప్పులు"
    assert Product.objects.get(name="Toor Dal").name_te == "కందిపప్పు"
    assert Product.objects.get(name="Gingelly Oil").name_te == "నువ్వుల నూనె"


def test_every_demo_product_has_a_telugu_description_and_a_later_seed_fills_a_missing_one():
    _seed()
    assert all(_telugu(text) for text in Product.objects.values_list("description_te", flat=True))
    toor = Product.objects.get(name="Toor Dal")
    assert toor.description_te.endswith("నుండి కందిపప్పు. రోజువారీ ఆంధ్ర వంటకు శుభ్రం చేసి, ఏరి, ప్యాక్ చేసినవి.")
    Product.objects.filter(name="Toor Dal").update(description_te="")
    Product.objects.filter(name="Sugar").update(description="Our own sugar.", description_te="")
    _seed()
    assert Product.objects.get(name="Toor Dal").description_te == toor.description_te
    assert Product.objects.get(name="Sugar").description_te == ""  # staff rewrote the English: no stale Telugu


def test_seed_loads_the_search_synonyms():
    _seed()
    assert SearchSynonym.objects.count() >= 60
    words = dict(SearchSynonym.objects.values_list("word", "means"))
    assert {"biyyam": "rice", "బియ్యం": "rice", "pappu": "dal", "nune": "oil", "uppu": "salt"}.items() <= words.items()
    assert words["karam"] == "chilli powder"


def test_a_later_seed_fills_missing_telugu_names_and_keeps_staff_ones():
    _seed()
    Product.objects.filter(name="Sugar").update(name_te="")
    Product.objects.filter(name="Jaggery").update(name_te="బెల్లం (కొత్తది)")
    SearchSynonym.objects.filter(word="nune").update(means="cooking oil")
    _seed()
    assert Product.objects.get(name="Sugar").name_te == "పంచదార"
    assert Product.objects.get(name="Jaggery").name_te == "బెల్లం (కొత్తది)"
    assert SearchSynonym.objects.get(word="nune").means == "cooking oil"


def test_seed_demo_announces_its_new_packs_once_and_a_second_run_nothing(tmp_path, settings):
    with announcements() as heard:
        call_command("seed_demo", stdout=StringIO())
    assert len(heard) == 1
    product_ids, financial_ids = heard[0]
    assert financial_ids == frozenset(Financial.objects.values_list("pk", flat=True))
    assert product_ids == frozenset(Product.objects.values_list("pk", flat=True))
    with announcements() as heard:
        call_command("seed_demo", stdout=StringIO())
    assert heard == []
