from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from catalog.models import Category, Detail, Financial, Product

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

HEADER = "category,product,brand,quantity,units,price,dprice,count_in_stock,image,description\n"


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def shop():
    rice = make_category("RICE & PULSES")
    make_category("OILS")
    return make_product("Sona Masoori Rice", category=rice, brands={"Lalitha": [("10", "kg", "720", "699", 5)]})


def _run(tmp_path, text: str, *args):
    path = tmp_path / "catalog.csv"
    path.write_text(text, encoding="utf-8")
    out, err = StringIO(), StringIO()
    try:
        call_command("import_catalog", str(path), *args, stdout=out, stderr=err)
    except CommandError as error:
        return None, out.getvalue(), err.getvalue() + str(error)
    return True, out.getvalue(), err.getvalue()


GOOD = HEADER + (
    "RICE & PULSES,Sona Masoori Rice,Lalitha,10,kg,740,700,12,,\n"  # price update
    "rice-pulses,sona masoori rice,lalitha,25,KG,1650,1599,3,,\n"  # new pack, matched ignoring case
    "RICE & PULSES,Sona Masoori Rice,Daawat,5,kg,420,399,7,,\n"  # new brand
    "OILS,Groundnut Oil,Fortune,1,L,210,195,40,/media/gn.svg,Cold pressed\n"  # new product
    "OILS,Groundnut Oil,Fortune,5,ltr,1000,940,9,,\n"
)


def test_import_creates_and_updates(tmp_path, shop):
    ok, out, err = _run(tmp_path, GOOD)
    assert ok, err
    assert "products: 1 new, 0 updated" in out and "brands: 2 new" in out
    assert "packs: 4 new, 1 updated, 0 unchanged" in out
    ten = Financial.objects.get(detail__brand="Lalitha", quantity=10)
    assert (ten.price, ten.dprice, ten.discount, ten.count_in_stock) == (Decimal("740"), Decimal("700"), 5, 12)
    assert shop.details.get(brand="Lalitha").financials.count() == 2
    groundnut = Product.objects.get(name="Groundnut Oil")
    assert (groundnut.slug, groundnut.image, groundnut.description, groundnut.category.name) == (
        "groundnut-oil",
        "/media/gn.svg",
        "Cold pressed",
        "OILS",
    )
    assert sorted(f.units for f in Financial.objects.filter(detail__product=groundnut)) == ["L", "L"]
    assert "Writing" in err and "[" in err  # the progress bar


def test_importing_the_same_file_again_changes_nothing(tmp_path, shop):
    _run(tmp_path, GOOD)
    before = list(Financial.objects.order_by("id").values())
    ok, out, _ = _run(tmp_path, GOOD)
    assert ok
    assert "packs: 0 new, 0 updated, 5 unchanged" in out
    assert list(Financial.objects.order_by("id").values()) == before


def test_import_sets_telugu_names_of_products_and_categories(tmp_path, shop):
    header = HEADER.strip() + ",name_te,category_te\n"
    text = header + (
        "RICE & PULSES,Sona Masoori Rice,Lalitha,10,kg,720,699,5,,,సోనా మసూరి బియ్యం,బియ్యం & పప్పులు\n"
        "OILS,Gingelly Oil,Idhayam,1,L,400,380,6,,,నువ్వుల నూనె,\n"
        "OILS,Gingelly Oil,Idhayam,500,ml,210,200,6,,,,\n"  # an empty cell changes nothing
    )
    ok, out, err = _run(tmp_path, text)
    assert ok, err
    assert "categories: 1 updated" in out and "products: 1 new, 1 updated" in out
    assert Product.objects.get(name="Sona Masoori Rice").name_te == "సోనా మసూరి బియ్యం"
    assert Product.objects.get(name="Gingelly Oil").name_te == "నువ్వుల నూనె"
    assert (Category.objects.get(name="RICE & PULSES").name_te, Category.objects.get(name="OILS").name_te) == (
        "బియ్యం & పప్పులు",
        "",
    )
    _, again, _ = _run(tmp_path, text)
    assert "categories: 0 updated" in again and "products: 0 new, 0 updated" in again


def test_two_telugu_names_for_one_category_reject_the_file(tmp_path, shop):
    header = HEADER.strip() + ",category_te\n"
    text = header + ("OILS,Gingelly Oil,Idhayam,1,L,400,380,6,,,నూనెలు\nOILS,Mustard Oil,Fortune,1,L,190,180,5,,,తైలాలు\n")
    ok, _, err = _run(tmp_path, text)
    assert ok is None and "row 3: another category_te than 'నూనెలు'" in err
    assert Category.objects.get(name="OILS").name_te == ""


def test_new_product_without_an_image_gets_a_generated_tile(tmp_path, shop):
    ok, _, err = _run(tmp_path, HEADER + "OILS,Mustard Oil,Fortune,1,L,190,180,5,,\n")
    assert ok, err
    assert Product.objects.get(name="Mustard Oil").image.endswith("/catalog/packshots/v1/mustard-oil.svg")


def test_dry_run_reports_and_writes_nothing(tmp_path, shop):
    before = (Product.objects.count(), Detail.objects.count(), list(Financial.objects.values()))
    ok, out, _ = _run(tmp_path, GOOD, "--dry-run")
    assert ok
    assert out.startswith("Dry run, nothing written.")
    assert "packs: 4 new, 1 updated, 0 unchanged" in out
    assert (Product.objects.count(), Detail.objects.count(), list(Financial.objects.values())) == before


def test_any_bad_row_rejects_the_whole_file_with_one_line_per_row(tmp_path, shop):
    text = HEADER + (
        "OILS,Groundnut Oil,Fortune,1,L,210,195,40,,\n"  # good, but must not be written
        "NOWHERE,X,Y,1,kg,10,9,1,,\n"
        "OILS,,Y,1,kg,10,9,1,,\n"
        "OILS,A,B,0,kg,10,9,1,,\n"
        "OILS,A,B,1,bag,10,9,1,,\n"
        "OILS,A,B,1,kg,10,11,1,,\n"
        "OILS,A,B,1,kg,ten,9,1,,\n"
        "OILS,A,B,1,kg,10,9,-3,,\n"
        "OILS,Groundnut Oil,Fortune,1,l,215,200,4,,\n"
    )
    before = (Product.objects.count(), list(Financial.objects.values()))
    ok, _, err = _run(tmp_path, text)
    assert ok is None
    for line in [
        "row 3: unknown category 'NOWHERE'",
        "row 4: product is required",
        "row 5: Quantity must be more than 0",
        "row 6: Units must be one of g, kg, ml, L, pcs, pack",
        "row 7: Discounted price cannot be more than the price (MRP)",
        "row 8: Price must be a number",
        "row 9: Count in stock cannot be negative",
        "row 10: the same pack as row 2",
        "8 row(s) rejected; nothing was written.",
    ]:
        assert line in err
    assert (Product.objects.count(), list(Financial.objects.values())) == before


GST_HEADER = HEADER.strip() + ",hsn_code,gst_rate\n"


def test_import_sets_the_hsn_code_and_gst_rate_and_blanks_leave_them(tmp_path, shop):
    ok, _, err = _run(
        tmp_path,
        GST_HEADER + "RICE & PULSES,Sona Masoori Rice,Lalitha,10,kg,720,699,5,,,1006 30,5\n"
        "OILS,Mustard Oil,Fortune,1,L,190,180,5,,,1514,5%\n",
    )
    assert ok, err
    shop.refresh_from_db()
    assert (shop.hsn_code, shop.gst_rate) == ("100630", 5)
    assert Product.objects.values_list("hsn_code", "gst_rate").get(name="Mustard Oil") == ("1514", 5)

    ok, _, err = _run(tmp_path, GST_HEADER + "RICE & PULSES,Sona Masoori Rice,Lalitha,10,kg,720,699,5,,,,\n")
    assert ok, err
    shop.refresh_from_db()
    assert (shop.hsn_code, shop.gst_rate) == ("100630", 5)


def test_import_refuses_a_bad_hsn_code_or_gst_rate(tmp_path, shop):
    ok, _, err = _run(
        tmp_path,
        GST_HEADER + "RICE & PULSES,Sona Masoori Rice,Lalitha,10,kg,720,699,5,,,10063,5\n"
        "RICE & PULSES,Sona Masoori Rice,Daawat,5,kg,420,399,7,,,1006,7\n",
    )
    assert ok is None
    assert "row 2: HSN code must be 4, 6 or 8 digits" in err
    assert "row 3: GST rate must be one of 0, 5, 12, 18, 28 (per cent)" in err
    shop.refresh_from_db()
    assert (shop.hsn_code, shop.gst_rate) == ("", 0)


def test_blank_dprice_means_no_discount(tmp_path, shop):
    ok, _, err = _run(tmp_path, HEADER + "OILS,Palm Oil,Ruchi Gold,1,L,120,,10,,\n")
    assert ok, err
    pack = Financial.objects.get(detail__brand="Ruchi Gold")
    assert (pack.dprice, pack.discount) == (Decimal("120"), 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("product,brand\nA,B\n", "missing column(s): category, quantity, units, price, dprice, count_in_stock"),
        (HEADER.strip() + ",colour\n", "unknown column(s): colour"),
        ("", "missing column(s)"),
        (HEADER, "no rows to import"),
    ],
)
def test_unreadable_files_are_refused(tmp_path, shop, text, message):
    ok, _, err = _run(tmp_path, text)
    assert ok is None
    assert message in err


def test_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_catalog", str(tmp_path / "nope.csv"))
