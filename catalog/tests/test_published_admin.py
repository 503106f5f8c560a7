"""Django admin (/staff/) and issue 45: the published flag as a column, a filter and actions, and a
delete of a product that orders hold hides it (and says so) instead of destroying its history."""

import pytest
from django.test import Client

from catalog.models import Financial, Product
from conftest import deliver_product
from orders.models import OrderItem

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def oils():
    category = make_category("OILS")
    oil = make_product("Groundnut Oil", category=category, brands={"Fortune": [("1", "L", "210", "150", 9)]})
    ghee = make_product("Cow Ghee", category=category, brands={"Heritage": [("500", "ml", "400", "380", 9)]})
    Product.objects.filter(pk=ghee.pk).update(published=False)
    return oil, ghee


def test_the_product_list_shows_and_filters_the_flag(staff, oils):
    page = staff.get("/staff/catalog/product/").content.decode()
    assert "column-published" in page
    hidden = staff.get("/staff/catalog/product/", {"published__exact": "0"}).content.decode()
    assert "Cow Ghee" in hidden and "Groundnut Oil" not in hidden
    packs = staff.get("/staff/catalog/financial/", {"published__exact": "1"})
    assert packs.status_code == 200 and "column-published" in packs.content.decode()


def test_the_actions_publish_and_hide_through_the_service(staff, oils):
    oil, ghee = oils
    staff.post("/staff/catalog/product/", {"action": "hide", "_selected_action": [oil.pk]})
    assert Product.objects.get(pk=oil.pk).published is False
    Financial.objects.filter(detail__product=ghee).update(published=False)
    answer = staff.post(
        "/staff/catalog/product/", {"action": "publish", "_selected_action": [oil.pk, ghee.pk]}, follow=True
    )
    assert Product.objects.get(pk=oil.pk).published is True
    assert Product.objects.get(pk=ghee.pk).published is False  # no pack shown: left hidden, and said
    assert "Show at least one of its packs" in answer.content.decode()
    pack = Financial.objects.get(detail__product=ghee)
    staff.post("/staff/catalog/financial/", {"action": "publish", "_selected_action": [pack.pk]})
    assert Financial.objects.get(pk=pack.pk).published is True


def test_deleting_a_product_that_orders_hold_hides_it(staff, customer, oils):
    oil, _ghee = oils
    pack = Financial.objects.get(detail__product=oil)
    order = deliver_product(customer, oil)
    OrderItem.objects.filter(order=order).update(financial=pack)

    answer = staff.post(f"/staff/catalog/product/{oil.pk}/delete/", {"post": "yes"}, follow=True)

    assert "was hidden from shoppers instead of deleted" in answer.content.decode()
    assert Product.objects.get(pk=oil.pk).published is False
    assert OrderItem.objects.get(order=order).financial_id == pack.pk
