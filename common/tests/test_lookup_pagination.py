"""by_id_or_slug and paginate on rows every test database has (catalog and orders use them on theirs)."""

import pytest
from django.contrib.contenttypes.models import ContentType

from common.lookup import by_id_or_slug
from common.pagination import paginate

pytestmark = pytest.mark.django_db


@pytest.fixture
def types():
    """Rows every test database has: Django's content types, ordered by id."""
    return ContentType.objects.order_by("id")


def test_an_all_digit_ref_is_an_id(types):
    first = types.first()
    assert by_id_or_slug(types, str(first.pk), slug_field="model") == first
    assert by_id_or_slug(types, f" {first.pk} ", slug_field="model") == first


def test_any_other_ref_is_a_slug(types):
    assert by_id_or_slug(types, "contenttype", slug_field="model") == ContentType.objects.get(model="contenttype")


@pytest.mark.parametrize("ref", ["999999", "0", "¹", "12345678901234567890", "no-such-thing"])
def test_a_ref_that_names_nothing_is_none(types, ref):
    assert by_id_or_slug(types, ref, slug_field="model") is None


def test_pages_split_the_rows_in_order(types):
    rows = list(types)
    first, second = paginate(types, page=1, page_size=3), paginate(types, page=2, page_size=3)
    assert first.items == rows[:3] and second.items == rows[3:6]
    assert (first.page, first.pages, first.total) == (1, -(-len(rows) // 3), len(rows))


def test_the_last_page_holds_the_rest(types):
    total = types.count()
    last = paginate(types, page=-(-total // 4), page_size=4)
    assert len(last.items) == total - 4 * (last.pages - 1)


def test_a_page_past_the_end_is_empty_not_an_error(types, django_assert_num_queries):
    with django_assert_num_queries(1):
        page = paginate(types, page=999, page_size=5)
    assert (page.items, page.page, page.total) == ([], 999, types.count())


def test_an_empty_list_has_no_pages(types):
    page = paginate(types.none(), page=1, page_size=5)
    assert (page.items, page.pages, page.total) == ([], 0, 0)
