"""Every path that changes a pack (API, Django admin, CSV import) announces it once, after commit,
naming the products and packs; a refused or rolled-back change is never announced. Orders' stock
taken and given back is checked in orders/tests, the demo data's in demo/tests."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from catalog.models import Financial, Product

from .announcements import announcements
from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def oil():
    return make_product(
        "Sunflower Oil",
        category=make_category("OILS"),
        brands={"Freedom": [("1", "L", "165", "150", 40), ("5", "L", "800", "750", 8)]},
    )


@pytest.fixture
def admin(as_user, admin_user):
    return as_user(admin_user)


@pytest.fixture
def staff(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


def _packs(product: Product) -> dict[str, Financial]:
    return {pack.quantity_display: pack for pack in Financial.objects.filter(detail__product=product)}


def test_api_edit_of_a_pack_price_announces_once(admin, oil):
    detail, one = oil.details.get(), _packs(oil)["1"]
    with announcements() as heard:
        response = admin.put(
            f"/api/products/{oil.pk}/details/{detail.pk}",
            {"quantity": "1", "price": "170", "discount": "10", "countInStock": "30"},
            format="json",
        )
    assert response.status_code == 200, response.json()
    assert heard == [(frozenset({oil.pk}), frozenset({one.pk}))]


def test_api_new_pack_announces_it(admin, oil):
    detail = oil.details.get()
    url = f"/api/products/{oil.pk}/details/{detail.pk}/financials"
    with announcements() as heard:
        created = admin.post(url, {"quantity": "2", "units": "L", "price": "320", "dprice": "300"}, format="json")
    assert created.status_code == 201, created.json()
    new_id = int(created.json()["_id"])
    assert heard == [(frozenset({oil.pk}), frozenset({new_id}))]


def test_api_brand_and_product_delete_announce_their_packs(admin, oil):
    packs = {pack.pk for pack in _packs(oil).values()}
    other = make_product(
        "Rice", brands={"Lalitha": [("10", "kg", "720", "699", 5)], "Tata": [("1", "kg", "90", "80", 5)]}
    )
    lalitha = other.details.get(brand="Lalitha")
    lalitha_pack = lalitha.financials.get().pk
    with announcements() as heard:
        assert admin.delete(f"/api/products/{other.pk}/details/{lalitha.pk}").status_code == 200
    assert heard == [(frozenset({other.pk}), frozenset({lalitha_pack}))]
    with announcements() as heard:
        assert admin.delete(f"/api/products/{oil.pk}").status_code == 200
    assert heard == [(frozenset({oil.pk}), frozenset(packs))]


def test_a_refused_api_edit_announces_nothing(admin, oil):
    detail = oil.details.get()
    with announcements() as heard:
        response = admin.put(
            f"/api/products/{oil.pk}/details/{detail.pk}", {"quantity": "1", "price": "-5"}, format="json"
        )
    assert response.status_code == 400
    assert heard == []


def test_django_admin_list_edit_of_several_packs_announces_once(staff, oil):
    packs = _packs(oil)
    form = {
        "form-TOTAL_FORMS": "2",
        "form-INITIAL_FORMS": "2",
        "form-MIN_NUM_FORMS": "0",
        "form-MAX_NUM_FORMS": "1000",
        "_save": "Save",
    }
    for index, (pack, price) in enumerate(((packs["1"], "170"), (packs["5"], "810"))):
        form |= {
            f"form-{index}-id": pack.pk,
            f"form-{index}-price": price,
            f"form-{index}-dprice": "150",
            f"form-{index}-count_in_stock": "3",
        }
    with announcements() as heard:
        response = staff.post("/staff/catalog/financial/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert heard == [(frozenset({oil.pk}), frozenset({packs["1"].pk, packs["5"].pk}))]


def test_django_admin_inline_save_and_delete_announce_once(staff, oil):
    detail, packs = oil.details.get(), _packs(oil)
    form = {
        "product": oil.pk,
        "brand": "Freedom",
        "images": "[]",
        "financials-TOTAL_FORMS": "2",
        "financials-INITIAL_FORMS": "2",
        "financials-MIN_NUM_FORMS": "0",
        "financials-MAX_NUM_FORMS": "1000",
    }
    for index, (pack, extra) in enumerate(((packs["1"], {}), (packs["5"], {"DELETE": "on"}))):
        form |= {
            f"financials-{index}-id": pack.pk,
            f"financials-{index}-detail": detail.pk,
            f"financials-{index}-quantity": pack.quantity_display,
            f"financials-{index}-units": "L",
            f"financials-{index}-price": "200",
            f"financials-{index}-dprice": "150",
            f"financials-{index}-count_in_stock": "7",
            **{f"financials-{index}-{name}": value for name, value in extra.items()},
        }
    with announcements() as heard:
        response = staff.post(f"/staff/catalog/detail/{detail.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert not Financial.objects.filter(pk=packs["5"].pk).exists()
    assert heard == [(frozenset({oil.pk}), frozenset({packs["1"].pk, packs["5"].pk}))]


def test_django_admin_bulk_delete_of_packs_announces_once(staff, oil):
    packs = _packs(oil)
    with announcements() as heard:
        response = staff.post(
            "/staff/catalog/financial/",
            {"action": "delete_selected", "_selected_action": [p.pk for p in packs.values()], "post": "yes"},
        )
    assert response.status_code == 302
    assert not Financial.objects.filter(detail__product=oil).exists()
    assert heard == [(frozenset({oil.pk}), frozenset(pack.pk for pack in packs.values()))]


def _import(tmp_path, text: str, *args):
    path = tmp_path / "catalog.csv"
    path.write_text(text, encoding="utf-8")
    call_command("import_catalog", str(path), *args, stdout=StringIO(), stderr=StringIO())


HEADER = "category,product,brand,quantity,units,price,dprice,count_in_stock\n"


def test_csv_import_announces_once_for_every_pack_it_writes(tmp_path, settings, oil):
    settings.MEDIA_ROOT = tmp_path / "media"
    packs = _packs(oil)
    with announcements() as heard:
        _import(
            tmp_path, HEADER + "OILS,Sunflower Oil,Freedom,1,L,170,150,40\nOILS,Sunflower Oil,Freedom,5,L,800,750,8\n"
        )
    assert heard == [(frozenset({oil.pk}), frozenset({packs["1"].pk}))]
    with announcements() as heard:
        _import(tmp_path, HEADER + "OILS,Sunflower Oil,Freedom,1,L,180,150,40\n", "--dry-run")
    assert heard == []
