"""Legal Metrology declarations (issue 28): staff set them through the edit API, Django admin and
the CSV import; a pack size with no net quantity or an unknown unit is a clear 400."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from catalog.models import Detail, Financial

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

DECLARED = {
    "packerName": "Fortune Foods Pvt. Ltd.",
    "packerAddress": "Plot 3, Auto Nagar, Visakhapatnam 530012",
    "countryOfOrigin": "India",
    "genericName": "Sunflower oil",
    "bestBefore": "9 months from packing",
    "consumerCare": "1800-425-0001",
}


@pytest.fixture
def oil():
    return make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Freedom": [("1", "L", "165", "150", 40)]}
    )


def test_the_staff_edit_sets_the_declarations_and_the_wire_shows_them(as_user, admin_user, oil):
    detail = oil.details.get()
    answer = as_user(admin_user).put(f"/api/products/{oil.pk}/details/{detail.pk}", DECLARED, format="json")

    assert answer.status_code == 200, answer.content
    assert "declarations" not in answer.json()["details"][0]  # lists and cards never show them
    page = as_user(None).get(f"/api/products/{oil.slug}").json()
    assert page["details"][0]["declarations"] == DECLARED
    detail.refresh_from_db()
    assert (detail.packer_name, detail.country_of_origin) == ("Fortune Foods Pvt. Ltd.", "India")


@pytest.mark.parametrize(
    ("pack", "message"),
    [
        ({"quantity": "0", "units": "L", "price": "10"}, "Quantity must be more than 0."),
        ({"quantity": "1", "units": "dozen", "price": "10"}, "Units must be one of g, kg, ml, L, pcs, pack."),
    ],
)
def test_a_pack_without_a_net_quantity_or_with_an_unknown_unit_is_a_400(as_user, admin_user, oil, pack, message):
    detail = oil.details.get()
    answer = as_user(admin_user).post(f"/api/products/{oil.pk}/details/{detail.pk}/financials", pack, format="json")
    assert answer.status_code == 400
    assert answer.json()["message"] == message
    assert detail.financials.count() == 1


def test_a_declaration_too_long_is_a_400(as_user, admin_user, oil):
    detail = oil.details.get()
    answer = as_user(admin_user).put(
        f"/api/products/{oil.pk}/details/{detail.pk}", {"countryOfOrigin": "x" * 81}, format="json"
    )
    assert answer.status_code == 400


def test_django_admin_edits_the_declarations_and_refuses_a_zero_quantity(admin_user, oil):
    detail = oil.details.get()
    pack = detail.financials.get()
    client = Client()
    client.force_login(admin_user)
    form = {
        "product": oil.pk,
        "brand": "Freedom",
        "images": "[]",
        "packer_name": "Freedom Oils Ltd.",
        "packer_address": "Hyderabad 500076",
        "country_of_origin": "India",
        "generic_name": "Sunflower oil",
        "best_before": "9 months",
        "consumer_care": "care@freedom.example",
        "financials-TOTAL_FORMS": "1",
        "financials-INITIAL_FORMS": "1",
        "financials-MIN_NUM_FORMS": "0",
        "financials-MAX_NUM_FORMS": "1000",
        "financials-0-id": pack.pk,
        "financials-0-detail": detail.pk,
        "financials-0-quantity": "0",
        "financials-0-units": "L",
        "financials-0-price": "165",
        "financials-0-dprice": "150",
        "financials-0-count_in_stock": "40",
    }
    refused = client.post(f"/staff/catalog/detail/{detail.pk}/change/", form)
    assert refused.status_code == 200 and "Quantity must be more than 0." in refused.content.decode()

    saved = client.post(f"/staff/catalog/detail/{detail.pk}/change/", form | {"financials-0-quantity": "1"})
    assert saved.status_code == 302
    detail.refresh_from_db()
    assert (detail.packer_name, detail.consumer_care) == ("Freedom Oils Ltd.", "care@freedom.example")


def test_the_csv_import_sets_and_updates_declarations(tmp_path, settings, oil):
    settings.MEDIA_ROOT = tmp_path / "media"
    header = "category,product,brand,quantity,units,price,dprice,count_in_stock,packer_name,country_of_origin\n"
    path = tmp_path / "catalog.csv"
    path.write_text(
        header
        + "OILS,Sunflower Oil,Freedom,1,L,165,150,40,Freedom Oils Ltd.,India\n"
        + "OILS,Sunflower Oil,Gold Drop,1,L,170,160,10,Gold Drop Ltd.,\n",
        encoding="utf-8",
    )
    out = StringIO()
    call_command("import_catalog", str(path), stdout=out, stderr=StringIO())

    assert "brands: 1 new, 1 updated" in out.getvalue()
    freedom, gold = Detail.objects.order_by("id")
    assert (freedom.packer_name, freedom.country_of_origin) == ("Freedom Oils Ltd.", "India")
    assert (gold.packer_name, gold.country_of_origin) == ("Gold Drop Ltd.", "")  # an empty cell changes nothing
    assert Financial.objects.count() == 2
