// Field data (issue 34): this shopper's Core Web Vitals on this page, measured by the web-vitals
// library and sent once, as the page is hidden or left, with navigator.sendBeacon to /api/vitals,
// which only adds them to anonymous counts (common/vitals.py). Sent: the page's kind as base.html
// names it (<body class="page-product">, never the URL, its ids or its query), each metric's name,
// value and rating, the page's language and the connection's effective type. Nothing else: no id,
// no user, no address. Loaded on demand by the chrome island at the shopper's first input or when
// the browser is first idle (with Say Hi, lib/mount.js whenIdleOrInput), so it costs the first
// screen nothing; it starts itself as it loads (the last line), which keeps the chrome's call short.
//
// A browser that asks not to be tracked (Do Not Track, Global Privacy Control) sends nothing,
// although nothing sent could tell one shopper from another.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";

export const ENDPOINT = "/api/vitals";
const CONNECTIONS = ["slow-2g", "2g", "3g", "4g"];
const MEASURES = [onLCP, onINP, onCLS, onFCP, onTTFB];

/** The page's kind (home, category, product...), from base.html's `page-<name>` body class. */
export function pageName(doc = document) {
  return /(?:^|\s)page-([a-z_]+)(?=\s|$)/.exec(doc.body?.className ?? "")?.[1] ?? null;
}

export function trackingRefused(nav = navigator) {
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}

const rounded = (name, value) => (name === "CLS" ? Math.round(value * 10000) / 10000 : Math.round(value * 10) / 10);

/**
 * Starts measuring; the metrics reported so far go in one beacon each time the page is hidden
 * (visibilitychange) or left (pagehide). A metric goes once: a page restored from the
 * back/forward cache is a new page view, whose metrics web-vitals reports under new ids.
 * Returns false when nothing will be sent (no page kind, tracking refused, no sendBeacon).
 */
export function startVitals({ win = window, doc = document, nav = navigator, measures = MEASURES } = {}) {
  const page = pageName(doc);
  if (!page || trackingRefused(nav) || typeof nav.sendBeacon !== "function") return false;
  const pending = new Map();
  const sent = new Set();
  const record = ({ id, name, value, rating }) => {
    if (!sent.has(id)) pending.set(id, { name, value: rounded(name, value), rating });
  };
  measures.forEach((measure) => measure(record));

  const flush = () => {
    if (!pending.size) return;
    const body = { page, language: doc.documentElement.lang || "en", metrics: [...pending.values()] };
    const connection = nav.connection?.effectiveType;
    if (CONNECTIONS.includes(connection)) body.connection = connection;
    const blob = new Blob([JSON.stringify(body)], { type: "text/plain" });
    if (nav.sendBeacon(ENDPOINT, blob)) {
      pending.forEach((_, id) => sent.add(id));
      pending.clear();
    }
  };
  // After web-vitals' own listeners (on window, capturing), which report CLS and INP on hiding.
  doc.addEventListener("visibilitychange", () => doc.visibilityState === "hidden" && flush());
  win.addEventListener("pagehide", flush);
  return true;
}

startVitals();
