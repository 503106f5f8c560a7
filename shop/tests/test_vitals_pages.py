"""The beacon accepts exactly the kinds of page the shop has (common/vitals.py PAGES against
shop/pages.py), and each page names its kind where lib/vitals.js reads it (base.html's body class)."""

import re

import pytest
from django.test import Client

from common.vitals import PAGES
from shop import pages


def test_every_page_kind_is_known_to_the_beacon():
    names = {value.name for value in vars(pages).values() if isinstance(value, pages.Page)}

    assert set(PAGES) == names, "add the page's name to common/vitals.py PAGES (or drop the one that went)"


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "kind"), [("/", "home"), ("/cart", "cart"), ("/terms.html", "terms")])
def test_a_page_names_its_kind_in_its_body_class(path, kind):
    html = Client().get(path).content.decode()

    body_class = re.search(r'<body class="([^"]*)"', html).group(1)
    assert f"page-{kind}" in body_class.split()
