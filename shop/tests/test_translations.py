"""The Telugu catalog (locale/te/LC_MESSAGES/django.po) is complete and its compiled .mo is current.

The shop runs with no GNU gettext installed, so the compiled .mo is committed beside the .po.
These tests fail when a text marked for translation anywhere in the server (Python or templates)
has no Telugu, when an entry is fuzzy or empty, when a translation drops or invents a placeholder,
and when the .mo says something else than the .po (someone forgot `compilemessages`).
"""

import ast
import re

import polib
import pytest
from django.conf import settings
from django.utils.translation.template import templatize

PO = settings.BASE_DIR / "locale" / "te" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
APPS = [
    "accounts",
    "catalog",
    "common",
    "notifications",
    "orders",
    "payments",
    "promotions",
    "realtime",
    "shop",
    "support",
]
TEMPLATES = settings.BASE_DIR / "templates"

# The marking functions of django.utils.translation, and how many leading arguments are texts:
# (context?, singular, plural?).
MARKERS = {
    "gettext": ("", 1),
    "gettext_lazy": ("", 1),
    "gettext_noop": ("", 1),
    "_": ("", 1),
    "ngettext": ("", 2),
    "ngettext_lazy": ("", 2),
    "pgettext": ("context", 1),
    "pgettext_lazy": ("context", 1),
    "npgettext": ("context", 2),
    "npgettext_lazy": ("context", 2),
}
TEMPLATE_CALL = re.compile(r"\b(n?p?gettext)\(((?:\s*u?'(?:[^'\\]|\\.)*'\s*,?)+)")
TEMPLATE_STRING = re.compile(r"u?'(?:[^'\\]|\\.)*'")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%\([A-Za-z_]+\)[sd]|%[sd]")

Key = tuple[str, str, str]  # (context, msgid, msgid_plural)


def _key(texts: list[str], has_context: bool, plural: bool) -> Key:
    context = texts.pop(0) if has_context else ""
    return (context, texts[0], texts[1] if plural else "")


def marked_in_python(source: str) -> set[Key]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in MARKERS:
            continue
        context, count = MARKERS[name]
        wanted = count + (1 if context else 0)
        texts = [
            arg.value for arg in node.args[:wanted] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]
        if len(texts) == wanted:
            found.add(_key(texts, bool(context), count == 2))
    return found


def marked_in_template(source: str, origin: str) -> set[Key]:
    """Django's own `templatize` (what makemessages feeds xgettext) turns the template into gettext calls."""
    found = set()
    for call in TEMPLATE_CALL.finditer(templatize(source, origin=origin)):
        name = call.group(1)
        texts = [ast.literal_eval(text.lstrip("u")) for text in TEMPLATE_STRING.findall(call.group(2))]
        found.add(_key(texts, name in ("pgettext", "npgettext"), name in ("ngettext", "npgettext")))
    return found


def marked_texts() -> set[Key]:
    found = set()
    for app in APPS:
        for path in (settings.BASE_DIR / app).rglob("*.py"):
            if "tests" not in path.parts and "migrations" not in path.parts:
                found |= marked_in_python(path.read_text(encoding="utf-8"))
        for path in (settings.BASE_DIR / app).rglob("templates/**/*.html"):
            found |= marked_in_template(path.read_text(encoding="utf-8"), str(path))
    for path in TEMPLATES.rglob("*.html"):
        found |= marked_in_template(path.read_text(encoding="utf-8"), str(path))
    return found


def translated(entries) -> dict[Key, tuple[str, ...]]:
    """(context, msgid, msgid_plural) -> its Telugu, for every live (not obsolete) entry."""
    table = {}
    for entry in entries:
        if getattr(entry, "obsolete", False):
            continue
        key = (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")
        if entry.msgid_plural:
            table[key] = tuple(entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural))
        else:
            table[key] = (entry.msgstr,)
    return table


@pytest.fixture(scope="module")
def po():
    return polib.pofile(str(PO))


def test_the_extractor_finds_marked_texts_so_that_the_check_below_can_fail():
    python = 'from django.utils.translation import gettext, ngettext\nx = gettext("Only here")\ny = ngettext("a {n}", "b {n}", 2)'
    template = (
        '{% load i18n %}<p>{% translate "Only there" %}</p>{% blocktranslate %}Hi {{ who }}{% endblocktranslate %}'
    )
    assert marked_in_python(python) == {("", "Only here", ""), ("", "a {n}", "b {n}")}
    assert marked_in_template(template, "x.html") == {("", "Only there", ""), ("", "Hi %(who)s", "")}
    assert ("", "Only here", "") not in translated(polib.pofile(str(PO)))


def test_every_marked_server_text_has_its_telugu(po):
    catalog = translated(po)
    marked = marked_texts()
    assert len(marked) > 250  # the scan really read the sources
    missing = sorted(key for key in marked if not all(catalog.get(key, ("",))))
    assert missing == [], (
        "these texts have no Telugu in locale/te/LC_MESSAGES/django.po: run makemessages, translate, compilemessages"
    )


def test_no_entry_is_empty_or_fuzzy(po):
    assert [entry.msgid for entry in po if not entry.obsolete and not entry.translated()] == []
    assert not po.metadata_is_fuzzy
    assert po.metadata["Language"] == "te"


def test_translations_keep_every_placeholder(po):
    for (_context, msgid, plural), telugu in translated(po).items():
        for source, text in zip((msgid, plural or msgid), (telugu[0], telugu[-1]), strict=True):
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (msgid, text)


def test_the_compiled_catalog_says_what_the_po_says(po):
    compiled = translated(polib.mofile(str(MO)))
    compiled.pop(("", "", ""), None)  # the header
    assert compiled == translated(po), "locale/te/LC_MESSAGES/django.mo is stale: run manage.py compilemessages"


@pytest.mark.django_db
def test_the_spec_english_stays_as_it_was(client):
    response = client.post("/api/users/auth", {"phoneNo": "12", "password": "x"}, content_type="application/json")
    assert response.json() == {"message": "Please enter a valid 10-digit phone number."}


@pytest.mark.django_db
def test_an_api_error_follows_the_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = client.post("/api/users/auth", {"phoneNo": "12", "password": "x"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"message": "దయచేసి సరైన 10 అంకెల ఫోన్ నంబర్ నమోదు చేయండి."}
    assert response["Content-Language"] == "te"


@pytest.mark.django_db
def test_drf_and_django_texts_are_telugu_too(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    assert client.get("/api/users/profile").json() == {"message": "ప్రామాణీకరణ వివరాలు ఇవ్వలేదు."}
    forged = client.get("/api/orders/mine", HTTP_AUTHORIZATION="Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged")
    assert (forged.status_code, forged.json()["message"]) == (401, "ఇచ్చిన టోకెన్ ఏ రకానికీ చెల్లదు")


def test_django_password_rules_answer_in_telugu(as_user, customer):
    client = as_user(customer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = client.put("/api/users/profile", {"password": "12345"}, format="json")
    assert response.json()["message"].startswith("ఈ పాస్‌వర్డ్ చాలా చిన్నది. ఇందులో కనీసం 6 అక్షరాలు ఉండాలి.")


def test_page_titles_and_templates_are_telugu(client, db):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    page = client.get("/cart").content.decode()
    assert "<title>మీ కార్ట్ |" in page
    assert "<h1>షాపింగ్ కార్ట్</h1>" in page
    assert "మా గురించి" in page  # the footer
    english = client.get("/cart", HTTP_COOKIE=f"{settings.LANGUAGE_COOKIE_NAME}=en").content.decode()
    assert "<h1>Shopping Cart</h1>" in english
