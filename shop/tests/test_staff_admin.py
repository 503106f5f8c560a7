"""Every model staff can reach in Django admin (/staff/) opens: its list, its search, one record."""

import pytest
from django.contrib import admin
from django.urls import reverse


@pytest.fixture
def staff_client(demo_for_the_module, client, db):
    from accounts.models import User

    client.force_login(User.objects.get(phone_no="9000000001"))
    return client


def _registered():
    return sorted(admin.site._registry, key=lambda model: model._meta.label)


@pytest.mark.django_db
@pytest.mark.parametrize("model", _registered(), ids=lambda model: model._meta.label)
def test_staff_can_open_list_search_and_a_record(staff_client, model):
    info = model._meta.app_label, model._meta.model_name

    assert staff_client.get(reverse("admin:{}_{}_changelist".format(*info))).status_code == 200
    assert staff_client.get(reverse("admin:{}_{}_changelist".format(*info)), {"q": "rice"}).status_code == 200
    record = model.objects.first()
    if record is not None:
        assert staff_client.get(reverse("admin:{}_{}_change".format(*info), args=[record.pk])).status_code == 200


@pytest.mark.django_db
def test_customers_cannot_open_the_staff_admin(demo_for_the_module, client):
    from accounts.models import User

    client.force_login(User.objects.get(phone_no="9000000002"))

    response = client.get("/staff/")

    assert response.status_code == 302
    assert "/staff/login/" in response["Location"]
