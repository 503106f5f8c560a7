"""Scoring the search against issue 29's judged queries (`judged_queries.json`): hit@1, hit@3 and
MRR for the suggestions and the results page, through the API as the shop's pages call it (so on
PostgreSQL the statements of `catalog.answers` are what is judged). Used by
`test_search_quality.py` and `bench/search_quality.py`."""

import json
from dataclasses import dataclass, field
from pathlib import Path

JUDGED = Path(__file__).with_name("judged_queries.json")


def judged_queries() -> list[dict]:
    return json.loads(JUDGED.read_text(encoding="utf-8"))["queries"]


@dataclass
class Scores:
    """One surface's figures over the judged set, and the queries that missed."""

    surface: str
    hits1: int = 0
    hits3: int = 0
    reciprocal: float = 0.0
    count: int = 0
    missed: list[tuple[str, list[str]]] = field(default_factory=list)  # (query, first three answered)
    unrelated: list[tuple[str, str]] = field(default_factory=list)  # (query, first product) off-category

    @property
    def hit1(self) -> float:
        return self.hits1 / self.count

    @property
    def hit3(self) -> float:
        return self.hits3 / self.count

    @property
    def mrr(self) -> float:
        return self.reciprocal / self.count

    def line(self) -> str:
        return (
            f"{self.surface:<14} hit@1 {self.hit1:6.1%}  hit@3 {self.hit3:6.1%}  MRR {self.mrr:.3f}  "
            f"({self.count} queries, {len(self.unrelated)} first results from an unrelated category)"
        )


def _answered(client, path: str, q: str, param: str) -> dict:
    response = client.get(path, {param: q})
    assert response.status_code == 200, (q, response.status_code, response.content[:200])
    return response.json()


def _picked_pack(body: dict, position: int) -> str | None:
    """The pack the answer picks for its product at `position`, as '5 kg', or None."""
    product = body["products"][position]
    pack_id = body.get("picked", {}).get(product["_id"], {}).get("pack")
    for detail in product["details"]:
        for pack in detail["financials"]:
            if pack["_id"] == pack_id:
                return f"{pack['quantity']} {pack['units']}"
    return None


def judge(client, *, queries: list[dict] | None = None) -> dict[str, Scores]:
    """{"suggestions": Scores, "results page": Scores} for the judged set, asked through `client`
    (a Django test client). A first result from a category none of the expected products is in
    counts as unrelated."""
    from catalog.models import Product

    category_of = dict(Product.objects.values_list("name", "category__name"))
    surfaces = {
        "suggestions": ("/api/products/suggestions", "q"),
        "results page": ("/api/products", "keyword"),
    }
    scores = {}
    for surface, (path, param) in surfaces.items():
        found = Scores(surface)
        for entry in queries or judged_queries():
            expected = set(entry["expect"])
            missing = expected - set(category_of)
            assert not missing, f"judged query {entry['q']!r} expects products not in the catalog: {missing}"
            body = _answered(client, path, entry["q"], param)
            answered = [(product["name"], product["category"]) for product in body["products"]]
            names = [name for name, _ in answered]
            rank = next((position for position, name in enumerate(names, 1) if name in expected), None)
            if rank is not None and "pack" in entry and _picked_pack(body, rank - 1) != entry["pack"]:
                names[rank - 1] += f" (picked {_picked_pack(body, rank - 1)}, not {entry['pack']})"
                rank = None  # the product is right but the size named is not the pack chosen
            if "brand" in entry and body.get("brands", [])[:1] == [entry["brand"]]:
                rank, answered, names = 1, [], [f"Brand: {entry['brand']}"]  # the suggestions' brand row
            found.count += 1
            found.hits1 += rank == 1
            found.hits3 += rank is not None and rank <= 3
            found.reciprocal += 1 / rank if rank else 0
            if rank != 1:
                found.missed.append((entry["q"], names[:3]))
            if answered and answered[0][1] not in {category_of[name] for name in expected}:
                found.unrelated.append((entry["q"], answered[0][0]))
        scores[surface] = found
    return scores
