"""Issue 29's targets on the demo catalog, for the suggestions and the results page: hit@1 at
least 95 %, hit@3 at least 98 %, and no judged query whose first result is from an unrelated
category. Figures, not timings. On SQLite by default and on PostgreSQL (marked `postgres`, the
statements of `catalog.answers`): the same judged set and targets, and the same first results."""

import pytest

from .judged import judge, judged_queries

pytestmark = pytest.mark.django_db

HIT_AT_1 = 0.95
HIT_AT_3 = 0.98
# Issue 47's whole phrases: a size, brands and compound words written otherwise, Hindi and other
# regional words, two-edit spelling variants, punctuation.
PHRASE_KINDS = {"size", "brand-written", "compound", "hindi", "variant", "punctuation"}


@pytest.fixture(scope="module")
def judged_once(demo_for_the_module):
    """`judge(client)` on the demo catalog (seeded once for the module), worked out by the first
    test that asks and kept for the other: on a PostgreSQL run both tests ask the same database the
    same queries, and judging them twice cost 20 s of the pytest part (issue 40)."""
    kept = {}

    def scores(client):
        if "scores" not in kept:
            kept["scores"] = judge(client)
        return kept["scores"]

    return scores


def _check(scores) -> None:
    for found in scores.values():
        report = f"{found.line()}\nmissed: {found.missed}\nunrelated: {found.unrelated}"
        assert found.count >= 200
        assert found.hit1 >= HIT_AT_1, report
        assert found.hit3 >= HIT_AT_3, report
        assert found.unrelated == [], report


def test_the_judged_set_covers_every_kind_of_query():
    kinds = {}
    for entry in judged_queries():
        kinds[entry["kind"]] = kinds.get(entry["kind"], 0) + 1
    assert sum(kinds.values()) >= 200
    assert set(kinds) == {"english", "telugu", "romanised", "typo", "brand", "multi", *PHRASE_KINDS}
    assert min(kinds.values()) >= 10
    assert sum(kinds[kind] for kind in PHRASE_KINDS) >= 60


def test_a_size_query_names_the_pack_the_answer_must_pick():
    sized = [entry for entry in judged_queries() if entry["kind"] == "size"]
    assert len(sized) >= 20
    assert all("pack" in entry for entry in sized)


def test_the_search_meets_the_targets_on_the_demo_catalog(judged_once, client):
    _check(judged_once(client))


@pytest.mark.postgres
def test_the_search_meets_the_targets_on_postgresql_too(judged_once, client):
    _check(judged_once(client))
