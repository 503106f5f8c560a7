"""How much JavaScript and CSS each page loads, gzipped (run `npm run build` first).

Every page loads the chrome island (runtime, vendor, chrome) plus its own island's chunks, which
is exactly what `render_bundle` puts in templates/base.html. The sizes are gzip level 9, as
ServeStatic serves them. A page in Telugu also fetches the Telugu texts of the chrome's and its
island's areas at once (`language-chunks.json`, preloaded by the page): the "JS te" column. Chunks
loaded on demand (the account panel when the user icon is opened, the search box when the search
form is first reached for, the delivery checker on / at the top of the page...) are listed
separately.

Target (issue 17, section 3): each page's JavaScript at start at or under what it was when the issue
was filed (BEFORE_KB: commit 6ff6097, home 86.3 kB, the issue's figure), home with the delivery
checker it loads at once on / too. The staff's product and user screens came later: they are judged
against the staff screen of the time (the order list). That is the gate: the script exits 2 when a
page is over its figure.

Issue 34 (fast on a cheap phone) asks for at most 75 kB at start on every page, React 19 kept:
printed beside each page, English and Telugu, the home page's with the delivery checker it imports
at once on / (what the page makes the browser load and run before the first input counts). Not the
gate yet: no shopper page meets it (React's own chunk is 66.2 kB of every page's figure).

    python3 bench/frontend_weight.py          # or: npm run weight
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATS = ROOT / "webpack-stats.json"
BUNDLES = ROOT / "frontend" / "build" / "bundles"
LANGUAGE_CHUNKS = BUNDLES / "language-chunks.json"
CHUNK_NAMES = BUNDLES / "chunk-names.json"
CHROME = "chrome"
# Loaded at once on / (the header shows the delivery checker while the page is at the top).
LOADED_ON_HOME = ("delivery-checker",)
# Chunks an island fetches at once as it starts, one of them per page: the checkout's steps (each of
# /shipping, /payment and /placeorder loads its own). The island's figure counts the largest.
LOADED_AT_ONCE = {"checkout": ("checkout-shipping", "checkout-payment", "checkout-placeorder")}
# Gzipped JavaScript at start per page at 6ff6097 (`npm run build` there, this script's sums).
BEFORE_KB = {
    "admin-orders": 82.02,
    "cart": 81.55,
    "category": 83.93,
    "checkout": 83.07,
    "home": 86.33,
    "login": 84.64,
    "order": 83.25,
    "payment-return": 80.07,
    "product": 83.87,
    "profile": 84.35,
    "search": 83.25,
}
HOME_WITH_CHECKER_BEFORE_KB = 88.48
STAFF_SCREENS_LATER = ("admin-product-edit", "admin-products", "admin-user-edit", "admin-users")
# Issue 34: gzipped JavaScript at start on every page, at most.
FAST_PHONE_KB = 75.0


def fast_phone_verdict(english: float, telugu: float) -> str:
    """Issue 34's 75 kB: met in both languages, in English only, or by how much it is missed."""
    if round(telugu, 2) <= FAST_PHONE_KB:
        return "met"
    if round(english, 2) <= FAST_PHONE_KB:
        return f"en met, te over by {telugu - FAST_PHONE_KB:.2f}"
    return f"over by {english - FAST_PHONE_KB:.2f}"


def gzipped_kb(path: Path) -> float:
    return len(gzip.compress(path.read_bytes(), compresslevel=9)) / 1024


def locate(name: str, assets: dict) -> Path:
    asset = assets.get(name, {})
    for candidate in (ROOT / asset.get("path", name), BUNDLES / name):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"{name} is in webpack-stats.json but not on disk: run `npm run build`")


def page_files(island: str, chunks: dict) -> list[str]:
    """The chrome's files, then the island's, each once, in load order."""
    files: list[str] = []
    for name in [*chunks.get(CHROME, []), *chunks.get(island, [])]:
        if name not in files:
            files.append(name)
    return files


def weigh(files: list[str], assets: dict) -> tuple[float, float]:
    js = sum(gzipped_kb(locate(name, assets)) for name in files if name.endswith(".js"))
    css = sum(gzipped_kb(locate(name, assets)) for name in files if name.endswith(".css"))
    return js, css


def language_files(island: str, language: str) -> list[str]:
    """The `language` texts' chunks a page of `island` fetches at once: the chrome's and the island's."""
    entries = json.loads(LANGUAGE_CHUNKS.read_text()) if LANGUAGE_CHUNKS.is_file() else {}
    files: list[str] = []
    for entry in (CHROME, island):
        files += [name for name in entries.get(entry, {}).get(language, []) if name not in files]
    return files


def on_demand(chunks: dict) -> dict[str, tuple[float, float]]:
    """Named chunks on disk that no entry loads at start: {chunk name: (js kB, css kB)}."""
    initial = {name for files in chunks.values() for name in files}
    # Lazy chunks are files named by id; webpack.config.js writes what each one is.
    names = json.loads(CHUNK_NAMES.read_text()) if CHUNK_NAMES.exists() else {}
    found: dict[str, list[float]] = {}
    for path in sorted(BUNDLES.glob("*")):
        if path.name in initial or path.suffix not in (".js", ".css"):
            continue
        stem = names.get(path.name) or path.stem.rsplit("-", 1)[0]
        sizes = found.setdefault(stem, [0.0, 0.0])
        sizes[0 if path.suffix == ".js" else 1] += gzipped_kb(path)
    return {name: (js, css) for name, (js, css) in found.items()}


def main() -> int:
    if not STATS.is_file():
        print("webpack-stats.json not found: run `npm run build` first.", file=sys.stderr)
        return 1
    stats = json.loads(STATS.read_text())
    if stats.get("status") != "done":
        print(f"webpack-stats.json status is {stats.get('status')!r}: run `npm run build` again.", file=sys.stderr)
        return 1
    chunks, assets = stats["chunks"], stats.get("assets", {})

    print("Gzipped JavaScript and CSS each page loads at start (chrome + page island), kB")
    print(
        f"{'island':<20}{'JS':>7}{'CSS':>7}{'total':>7}{'JS te':>7}{'before':>8}  {'issue 17: at or under before?':<44}issue 34: <= 75 kB?"
    )
    missed = []
    fast_phone: list[tuple[str, str]] = []
    rows = {}
    lazy = on_demand(chunks)
    for island in sorted(name for name in chunks if name != CHROME):
        js, css = weigh(page_files(island, chunks), assets)
        js += max((lazy.get(name, (0.0, 0.0))[0] for name in LOADED_AT_ONCE.get(island, ())), default=0.0)
        telugu = js + sum(gzipped_kb(locate(name, assets)) for name in language_files(island, "te"))
        rows[island] = js
        # On / the delivery checker is imported as the page starts: it counts there for issue 34.
        at_once = sum(lazy.get(name, (0.0, 0.0))[0] for name in LOADED_ON_HOME) if island == "home" else 0.0
        fast = fast_phone_verdict(js + at_once, telugu + at_once)
        fast_phone.append((island, fast))
        before = BEFORE_KB.get(island, BEFORE_KB["admin-orders"] if island in STAFF_SCREENS_LATER else None)
        if before is None:
            verdict = "no figure before"
        elif round(js, 2) <= before:
            verdict = "yes" if island in BEFORE_KB else "yes (the staff order list's figure)"
        else:
            verdict = f"MISSED by {js - before:.2f} kB" + (
                "" if island in BEFORE_KB else " (the staff order list's figure)"
            )
            missed.append(island)
        shown_before = f"{before:.2f}" if before is not None else "-"
        print(f"{island:<20}{js:>7.2f}{css:>7.1f}{js + css:>7.1f}{telugu:>7.2f}{shown_before:>8}  {verdict:<44}{fast}")

    if lazy:
        print("\nLoaded on demand, kB gzipped")
        for name, (js, css) in sorted(lazy.items()):
            print(f"{name:<28}{js:>7.1f}{css:>7.1f}{js + css:>7.1f}")

    if "home" not in rows:
        print("\nNo home island in webpack-stats.json.", file=sys.stderr)
        return 1
    home_js = rows["home"]
    with_checker = home_js + sum(lazy.get(name, (0.0, 0.0))[0] for name in LOADED_ON_HOME)
    if round(with_checker, 2) > HOME_WITH_CHECKER_BEFORE_KB:
        missed.append("home with the delivery checker")
    print(
        f"\nHome: {home_js:.2f} kB of gzipped JavaScript at start (before: {BEFORE_KB['home']:.2f}), "
        f"{with_checker:.2f} kB with the delivery checker it loads at once on / (before: {HOME_WITH_CHECKER_BEFORE_KB:.2f})."
    )
    print(
        "Every page at or under its figure before." if not missed else f"Over its figure before: {', '.join(missed)}."
    )
    met = [island for island, verdict in fast_phone if verdict == "met"]
    print(
        f"Issue 34 (<= {FAST_PHONE_KB:.0f} kB at start, English and Telugu): "
        + (f"met by {', '.join(met)}; " if met else "met by no page; ")
        + f"{len(fast_phone) - len(met)} of {len(fast_phone)} pages over (not the gate)."
    )
    return 0 if not missed else 2


if __name__ == "__main__":
    sys.exit(main())
