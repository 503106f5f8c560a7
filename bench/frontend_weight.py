"""How much JavaScript and CSS each page loads, gzipped (run `npm run build` first).

Every page loads the chrome island (runtime, vendor, chrome) plus its own island's chunks, which
is exactly what `render_bundle` puts in templates/base.html. The sizes are gzip level 9, as
ServeStatic serves them. Chunks loaded on demand (the account panel when the user icon is
opened, the delivery checker on / at the top of the page) are listed separately.

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
HOME_TARGET_KB = 120.0
CHROME = "chrome"
# Loaded at once on / (the header shows the delivery checker while the page is at the top).
LOADED_ON_HOME = ("delivery-checker",)


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


def on_demand(chunks: dict) -> dict[str, tuple[float, float]]:
    """Named chunks on disk that no entry loads at start: {chunk name: (js kB, css kB)}."""
    initial = {name for files in chunks.values() for name in files}
    found: dict[str, list[float]] = {}
    for path in sorted(BUNDLES.glob("*")):
        if path.name in initial or path.suffix not in (".js", ".css"):
            continue
        stem = path.stem.rsplit("-", 1)[0]
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
    print(f"{'island':<16}{'JS':>9}{'CSS':>9}{'total':>9}  files")
    rows = {}
    for island in sorted(name for name in chunks if name != CHROME):
        files = page_files(island, chunks)
        js, css = weigh(files, assets)
        rows[island] = (js, css)
        print(f"{island:<16}{js:>9.1f}{css:>9.1f}{js + css:>9.1f}  {len(files)}")

    lazy = on_demand(chunks)
    if lazy:
        print("\nLoaded on demand, kB gzipped")
        for name, (js, css) in sorted(lazy.items()):
            print(f"{name:<16}{js:>9.1f}{css:>9.1f}{js + css:>9.1f}")

    if "home" not in rows:
        print("\nNo home island in webpack-stats.json.", file=sys.stderr)
        return 1
    home_js = rows["home"][0]
    with_checker = home_js + sum(lazy.get(name, (0.0, 0.0))[0] for name in LOADED_ON_HOME)
    verdict = "under" if with_checker < HOME_TARGET_KB else "OVER"
    print(
        f"\nHome: {home_js:.1f} kB of gzipped JavaScript at start, {with_checker:.1f} kB with the delivery checker "
        f"it loads at once on / — {verdict} the {HOME_TARGET_KB:.0f} kB target."
    )
    return 0 if verdict == "under" else 2


if __name__ == "__main__":
    sys.exit(main())
