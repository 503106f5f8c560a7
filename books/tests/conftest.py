import pytest

from books.periods import period_of
from books.tests.shop import build_october


@pytest.fixture
def october(customer, settings):
    settings.STORE_STATE = "Andhra Pradesh"
    settings.STORE_GST_NUMBER = "37ABCDE1234F1Z5"
    settings.GST_B2CL_THRESHOLD = 2000
    settings.GST_HSN_DIGITS = 4
    return build_october(customer)


@pytest.fixture
def october_period():
    return period_of("102026")


@pytest.fixture
def purchases(october):
    from books.tests.purchases import build_purchases

    return build_purchases(october.packs)
