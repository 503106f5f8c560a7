"""Issue 29: how well the search finds what a shopper means, on the demo catalog.

    .venv/bin/python bench/search_quality.py [--postgres postgres://postgres@127.0.0.1:5432/bench_search]

Seeds the demo catalog (`manage.py seed_demo`) into a fresh database of its own (a SQLite file
under bench/out/, and with `--postgres` also that PostgreSQL database, dropped and created), asks
every judged query of `catalog/tests/judged_queries.json` (English, Telugu script, Telugu in Latin
letters, typos, brands, several words) through the API as the pages do (the suggestions and the
results page's first page), and prints hit@1, hit@3 and MRR for each, the queries whose first
result is not one a shopper expects, and whether the two databases put the same product first.
Targets: hit@1 ≥ 90 %, hit@3 ≥ 98 %, no first result from an unrelated category.
"""

import argparse
import subprocess
import sys
from pathlib import Path

from harness import OUT, ROOT, create_database, environment

SCRIPT = """
import json, sys
import django
django.setup()
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings, setup_test_environment
from catalog.tests.judged import judge
setup_test_environment()
call_command("migrate", verbosity=0)
call_command("seed_demo", verbosity=0)
with override_settings(CATALOG_READ_CACHE_SECONDS=0, ALLOWED_HOSTS=["*"]):
    scores = judge(Client())
print(json.dumps({name: {"line": s.line(), "hit1": s.hit1, "missed": s.missed, "unrelated": s.unrelated}
                  for name, s in scores.items()}, ensure_ascii=False))
"""


def measure(database_url: str) -> dict:
    env = environment(database_url, production=False)
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    if done.returncode:
        sys.exit(done.stderr[-3000:])
    import json

    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", help="a PostgreSQL database URL for this bench (dropped and created)")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    sqlite_file = Path(OUT) / "search_quality.sqlite3"
    sqlite_file.unlink(missing_ok=True)
    runs = {"SQLite": f"sqlite:///{sqlite_file}"}
    if args.postgres:
        create_database(args.postgres)
        runs["PostgreSQL"] = args.postgres
    results = {}
    for name, url in runs.items():
        results[name] = measure(url)
        print(f"{name}:")
        for found in results[name].values():
            print(f"  {found['line']}")
            for query, first in found["missed"]:
                print(f"    not first: {query!r} -> {first}")
            for query, product in found["unrelated"]:
                print(f"    UNRELATED first result: {query!r} -> {product}")
    ok = all(found["hit1"] >= 0.9 and not found["unrelated"] for run in results.values() for found in run.values())
    if len(results) == 2:
        sqlite, postgres = results.values()
        same = all(sqlite[surface]["missed"] == postgres[surface]["missed"] for surface in sqlite)
        print(f"SQLite and PostgreSQL miss the same queries with the same first results: {same}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
