"""The longest tasks of a shopper page's start, at 4x CPU slowdown (issue 34: each under 50 ms).

Loads each page in Debian's Chromium with the CPU slowed down by Chrome DevTools
(`Emulation.setCPUThrottlingRate`), on a phone's screen, and reads the Long Tasks API
(PerformanceObserver 'longtask': every task of 50 ms or more) from the first byte until the island
has taken over the page (`data-mounted` on #island, lib/hydrate.js; for an island drawn by
lib/mount.js, product and cart, the load event and a second) and two seconds more. Prints
each run's tasks and the worst, and whether the page hydrated the server's markup (`data-ssr`)
without a mismatch. The cart page is opened with a line in the cart, as a shopper opens it: the
product page of `--cart-from` is opened first (not slowed down, not measured) and its Add to Cart
tapped; its lines come in the render after hydration (the server renders the cart's frame). So
the cart's shared scripts come from the browser's cache, as for a shopper coming from a product
page; the other pages are measured in a fresh browser context.

    .venv/bin/python bench/long_tasks.py [--base-url http://127.0.0.1:8000] [--runs 3] [--rate 4]
                                          [--pages /,/category/OILS] [--language en] [--trace]
                                          [--cart-from /product/sunflower-oil]

The page is watched through the DevTools protocol's own `Runtime.evaluate`, never through
Playwright's selectors: those inject Playwright's script into the page, whose evaluation was a
35-70 ms task of its own at 4x, counted as the page's.

`--trace` also records a Chrome trace of each run and prints every task of the page's main thread
of 50 ms or more with what is inside it, and its CPU time (the thread's clock: what the task costs
when the machine is quiet). The Long Tasks API reports only tasks that run a script of the page: a
task that is only style, layout and paint (the first layout of the page, say) never shows in it.

Point it at a shop served the production way with the island renderer (`scripts/run` starts one;
bench/lighthouse.py's server does too). A slowdown measures the host's own CPU slowed down: a busy
machine gives longer tasks, so say the load average (printed) with the figures. Exits 1 when a
page's worst task is 50 ms or more (the target), 2 on a hydration mismatch.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

TARGET_MS = 50
OBSERVER = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# The island has taken over: hydrated or drawn by lib/hydrate.js (`data-mounted`). An island that
# lib/mount.js draws marks nothing: for it, the page's load event and a second more.
TAKEN_OVER = """(() => {
  const island = document.getElementById("island");
  if (island && "mounted" in island.dataset) return true;
  const drawnHere = !island || !("ssr" in island.dataset);
  const loaded = performance.getEntriesByType("navigation")[0]?.loadEventEnd || 0;
  return drawnHere && loaded > 0 && performance.now() > loaded + 1000;
})()"""
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"]
# What a task is made of, as the trace names it (the biggest one inside is printed).
PARTS = {
    "EvaluateScript": "script",
    "v8.evaluateModule": "module",
    "FunctionCall": "call",
    "TimerFire": "timer",
    "EventDispatch": "event",
    "RunMicrotasks": "microtasks",
    "ParseHTML": "parse HTML",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "Paint": "paint",
    "MajorGC": "GC",
    "MinorGC": "GC",
}


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def evaluate(cdp, expression: str):
    return cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})["result"].get("value")


def main_thread_tasks(path: str, origin: str) -> list[dict]:
    """The page's main-thread tasks of TARGET_MS or more in a trace: wall and CPU time, biggest part."""
    with open(path, encoding="utf-8") as file:
        events = json.load(file)
    events = events["traceEvents"] if isinstance(events, dict) else events
    renderers = {
        event["pid"]
        for event in events
        if event.get("name") == "ParseHTML"
        and str(event.get("args", {}).get("beginData", {}).get("url", "")).startswith(origin)
    }
    threads = {
        (event["pid"], event["tid"])
        for event in events
        if event.get("name") == "thread_name"
        and event.get("args", {}).get("name") == "CrRendererMain"
        and event["pid"] in renderers
    }
    spans = sorted(
        (event for event in events if (event.get("pid"), event.get("tid")) in threads and event.get("ph") == "X"),
        key=lambda event: event["ts"],
    )
    found, end = [], 0
    for task in spans:
        # Only outermost tasks: a task run inside another (a nested message loop) is part of it.
        if task["name"] != "RunTask" or task["ts"] < end:
            continue
        end = task["ts"] + task.get("dur", 0)
        if task.get("dur", 0) < TARGET_MS * 1000:
            continue
        inside = [e for e in spans if task["ts"] <= e["ts"] < end and e["name"] in PARTS]
        biggest = max(inside, key=lambda e: e.get("dur", 0), default=None)
        what = ""
        if biggest:
            url = (biggest.get("args", {}).get("data") or {}).get("url", "")
            what = f"{PARTS[biggest['name']]} {biggest['dur'] / 1000:.0f}" + (
                f" {url.rsplit('/', 1)[-1]}" if url else ""
            )
        found.append({"wall": round(task["dur"] / 1000), "cpu": round(task.get("tdur", 0) / 1000), "what": what})
    return found


def fill_cart(page, url: str) -> None:
    """One line in the context's cart: the product page at `url`, its Add to Cart tapped (before the
    measured page is opened, so Playwright's selectors touch only this one)."""
    page.goto(url)
    page.wait_for_selector("#island[data-mounted]", state="attached", timeout=60_000)
    page.locator(".product-page__add").click()
    page.wait_for_function("JSON.parse(localStorage.getItem('cart') || '{}').cartItems?.length > 0")


def measure(browser, url: str, *, rate: float, language: str, trace: bool, cart_from: str | None = None) -> dict:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    context.add_init_script(OBSERVER)
    trace_path = tempfile.mktemp(suffix=".json") if trace else None
    try:
        page = context.new_page()
        if cart_from:
            fill_cart(page, cart_from)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        if trace:
            browser.start_tracing(page=page, path=trace_path, categories=TRACE_CATEGORIES)
        page.goto(url, wait_until="commit")
        deadline = time.monotonic() + 60
        while not evaluate(cdp, TAKEN_OVER):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url}: the island did not mount in 60 s")
            time.sleep(0.1)
        time.sleep(2)
        found = {
            "tasks": sorted(evaluate(cdp, "window.__longTasks"), reverse=True),
            "ssr": evaluate(cdp, "!!document.querySelector('#island[data-ssr]')"),
            "mismatch": evaluate(cdp, "document.documentElement.dataset.hydrationMismatch") is not None,
        }
        if trace:
            browser.stop_tracing()
            found["traced"] = main_thread_tasks(trace_path, url.split("/", 3)[0] + "//" + url.split("/", 3)[2])
        return found
    finally:
        context.close()
        if trace_path and os.path.exists(trace_path):
            os.unlink(trace_path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--pages", default="/,/category/OILS,/search?query=rice,/product/sunflower-oil,/cart")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=float, default=4, help="CPU slowdown (DevTools), 4 by default")
    parser.add_argument("--language", default="en", choices=("en", "te"))
    parser.add_argument("--trace", action="store_true", help="also list the main thread's long tasks from a trace")
    parser.add_argument(
        "--cart-from", default="/product/sunflower-oil", help="the product page whose first pack /cart is opened with"
    )
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    print(f"load average (1/5/15 min) before: {load_average()} on {os.cpu_count()} cores; {args.rate}x CPU slowdown")
    missed, mismatched = False, False
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            for path in [item.strip() for item in args.pages.split(",") if item.strip()]:
                worst = []
                for run in range(1, args.runs + 1):
                    cart_from = args.base_url + args.cart_from if path == "/cart" else None
                    found = measure(
                        browser,
                        args.base_url + path,
                        rate=args.rate,
                        language=args.language,
                        trace=args.trace,
                        cart_from=cart_from,
                    )
                    worst.append(found["tasks"][0] if found["tasks"] else 0)
                    mismatched |= found["mismatch"]
                    how = "hydrated" if found["ssr"] else "drawn in the browser"
                    flag = ", HYDRATION MISMATCH" if found["mismatch"] else ""
                    print(f"{path} run {run} ({how}{flag}): long tasks {found['tasks']} ms (load {load_average()})")
                    for task in found.get("traced", []):
                        print(f"    traced task {task['wall']} ms (CPU {task['cpu']} ms): {task['what']}")
                median = statistics.median(worst)
                verdict = "met" if max(worst) < TARGET_MS else "MISSED"
                missed |= verdict == "MISSED"
                print(
                    f"{path}: worst task {max(worst)} ms, median of the runs' worst {median} ms; target < {TARGET_MS} ms {verdict}"
                )
        finally:
            browser.close()
    print(f"load average (1/5/15 min) after: {load_average()}")
    return 2 if mismatched else 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
