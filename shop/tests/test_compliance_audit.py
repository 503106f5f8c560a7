"""`manage.py compliance_audit` (issue 28): the seeded demo passes; each kind of gap fails it, named."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from catalog.models import Detail, Financial
from support import grievances
from support.models import Ticket

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(demo_for_the_module):
    """The seeded demo shop (once for the module; each test's changes are rolled back)."""


def _audit() -> tuple[bool, str]:
    out = StringIO()
    try:
        call_command("compliance_audit", stdout=out)
    except CommandError:
        return False, out.getvalue()
    return True, out.getvalue()


def test_the_seeded_demo_passes(demo):
    passed, report = _audit()
    assert passed, report
    assert "Packs missing a Legal Metrology declaration: 0" in report
    assert Detail.objects.exists() and not Detail.objects.filter(packer_address="").exists()


def test_a_brand_without_a_declaration_fails_naming_its_packs(demo):
    detail = Detail.objects.order_by("id").first()
    Detail.objects.filter(pk=detail.pk).update(country_of_origin="")
    passed, report = _audit()
    assert not passed
    assert f"Packs missing a Legal Metrology declaration: {detail.financials.count()}" in report
    assert "(no country_of_origin)" in report


def test_a_pack_without_a_computable_unit_price_fails(demo):
    pack = Financial.objects.order_by("id").first()
    Financial.objects.filter(pk=pack.pk).update(quantity=0)
    passed, report = _audit()
    assert not passed
    assert f"Packs without a computable unit price: 1\n  pack {pack.pk}:" in report


def test_a_missing_seller_setting_fails(demo, settings):
    settings.GRIEVANCE_OFFICER_NAME = ""
    passed, report = _audit()
    assert not passed
    assert "Seller / grievance settings not set: 1\n  GRIEVANCE_OFFICER_NAME" in report


def test_a_ticket_past_its_clock_fails(demo):
    ticket = grievances.grievance_file(name="Sita", phone="9876512345", text="Late", language="en")
    Ticket.objects.filter(pk=ticket.pk).update(opened_at=timezone.now() - timedelta(hours=49))
    passed, report = _audit()
    assert not passed
    assert f"{ticket.number} (Grievance): not acknowledged by" in report
