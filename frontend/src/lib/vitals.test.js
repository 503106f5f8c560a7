import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as webVitals from "web-vitals";
import { ENDPOINT, pageName, startVitals } from "./vitals";

vi.mock("web-vitals", () => ({ onCLS: vi.fn(), onFCP: vi.fn(), onINP: vi.fn(), onLCP: vi.fn(), onTTFB: vi.fn() }));

// Five fake web-vitals measures (onLCP, onINP...): each keeps the callback it is given, so that
// the test reports metrics by hand.
function fakeMeasures() {
  const callbacks = [];
  const measures = [0, 1, 2, 3, 4].map(() => (callback) => callbacks.push(callback));
  return { measures, report: (metric) => callbacks[0](metric) };
}

function hide() {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}

function show() {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}

async function sentBodies(sendBeacon) {
  return Promise.all(sendBeacon.mock.calls.map(([, blob]) => blob.text().then(JSON.parse)));
}

const LCP = { id: "v5-1-1", name: "LCP", value: 2345.678, rating: "good" };
const CLS = { id: "v5-1-2", name: "CLS", value: 0.123456, rating: "needs-improvement" };
const INP = { id: "v5-1-3", name: "INP", value: 96, rating: "good" };

let nav;
beforeEach(() => {
  document.body.className = "page-product has-delivery";
  document.documentElement.lang = "te";
  window.history.replaceState(null, "", "/product/basmati-rice-5kg?ref=home&id=42");
  nav = { sendBeacon: vi.fn(() => true), connection: { effectiveType: "3g" } };
});
afterEach(() => show());

describe("pageName", () => {
  it("reads the page's kind from base.html's body class, not the URL", () => {
    expect(pageName()).toBe("product");
    document.body.className = "has-delivery page-admin_orderlist";
    expect(pageName()).toBe("admin_orderlist");
    document.body.className = "";
    expect(pageName()).toBe(null);
  });
});

describe("startVitals", () => {
  it("measures the five metrics with web-vitals", () => {
    startVitals({ nav });
    for (const measure of ["onLCP", "onINP", "onCLS", "onFCP", "onTTFB"]) {
      expect(webVitals[measure]).toHaveBeenCalledWith(expect.any(Function));
    }
  });

  it("sends the metrics reported so far in one beacon when the page is hidden", async () => {
    const { measures, report } = fakeMeasures();
    expect(startVitals({ nav, measures })).toBe(true);
    report(LCP);
    report(CLS);
    expect(nav.sendBeacon).not.toHaveBeenCalled();

    hide();

    expect(nav.sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = nav.sendBeacon.mock.calls[0];
    expect(url).toBe(ENDPOINT);
    expect(blob.type).toBe("text/plain");
    expect(await sentBodies(nav.sendBeacon)).toEqual([
      {
        page: "product",
        language: "te",
        connection: "3g",
        metrics: [
          { name: "LCP", value: 2345.7, rating: "good" },
          { name: "CLS", value: 0.1235, rating: "needs-improvement" },
        ],
      },
    ]);
  });

  it("never sends the URL, its ids or its query", async () => {
    const { measures, report } = fakeMeasures();
    startVitals({ nav, measures });
    report(LCP);
    hide();

    const text = await nav.sendBeacon.mock.calls[0][1].text();
    expect(text).not.toMatch(/basmati|ref=|42|\/product|v5-/);
  });

  it("sends each metric once, and what came later in the next beacon", async () => {
    const { measures, report } = fakeMeasures();
    startVitals({ nav, measures });
    report(LCP);
    hide();
    show();
    report(LCP); // the same page view's LCP again: not counted twice
    report(INP);
    window.dispatchEvent(new Event("pagehide"));
    hide(); // nothing new

    const bodies = await sentBodies(nav.sendBeacon);
    expect(bodies.map((body) => body.metrics.map((metric) => metric.name))).toEqual([["LCP"], ["INP"]]);
  });

  it("keeps the metrics for the next try when the browser would not queue the beacon", async () => {
    nav.sendBeacon.mockReturnValueOnce(false);
    const { measures, report } = fakeMeasures();
    startVitals({ nav, measures });
    report(INP);
    hide();
    show();
    hide();

    const bodies = await sentBodies(nav.sendBeacon);
    expect(bodies.map((body) => body.metrics.length)).toEqual([1, 1]);
  });

  it("sends nothing when hidden before any metric, and leaves an unknown connection out", async () => {
    nav.connection = { effectiveType: "5g" };
    const { measures, report } = fakeMeasures();
    startVitals({ nav, measures });
    hide();
    expect(nav.sendBeacon).not.toHaveBeenCalled();
    show();
    report(INP);
    hide();
    const [body] = await sentBodies(nav.sendBeacon);
    expect(body).not.toHaveProperty("connection");
  });

  it("does nothing when the browser asks not to be tracked, or on a page with no kind", () => {
    const { measures } = fakeMeasures();
    expect(startVitals({ nav: { ...nav, doNotTrack: "1" }, measures })).toBe(false);
    expect(startVitals({ nav: { ...nav, globalPrivacyControl: true }, measures })).toBe(false);
    document.body.className = "";
    expect(startVitals({ nav, measures })).toBe(false);
    expect(startVitals({ nav: {}, measures })).toBe(false);
  });
});
