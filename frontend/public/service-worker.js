/* The shop's service worker, served at /service-worker.js with root scope (shop/views.py).
 *
 * - App shell (offline page, logo, icons, manifest) is cached on install.
 * - Hashed webpack bundles (/static/bundles/name-0123abcd.js) never change, so they are served
 *   from the cache first; other static files and product images are served from the cache while
 *   a fresh copy is fetched.
 * - Pages go to the network first; a visited page is kept for offline use, and the offline page
 *   answers when there is neither network nor a copy.
 * - API calls (/api/) are never cached: they carry prices and stock, which must be current.
 */
const VERSION = "v2";
const SHELL_CACHE = `shell-${VERSION}`;
const BUNDLE_CACHE = `bundles-${VERSION}`;
const PAGE_CACHE = `pages-${VERSION}`;
const MEDIA_CACHE = `media-${VERSION}`;
const CACHES = [SHELL_CACHE, BUNDLE_CACHE, PAGE_CACHE, MEDIA_CACHE];
const OFFLINE_URL = "/static/offline.html";
const SHELL_FILES = [OFFLINE_URL, "/static/offline.css", "/static/offline.js", "/static/img/logo.svg", "/static/img/logo.webp", "/static/img/icon-192.png", "/manifest.webmanifest"];
const LIMITS = { [BUNDLE_CACHE]: 80, [PAGE_CACHE]: 30, [MEDIA_CACHE]: 200 };
const HASHED_BUNDLE = /^\/static\/bundles\/.+-[0-9a-f]{6,8}\.(js|css)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !CACHES.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cacheName) {
  const limit = LIMITS[cacheName];
  if (!limit) return;
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((key) => cache.delete(key)));
}

async function store(cacheName, request, response) {
  if (!response || !response.ok || response.type === "opaque") return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  await trim(cacheName);
}

async function cacheFirst(request, cacheName) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  await store(cacheName, request, response.clone());
  return response;
}

async function staleWhileRevalidate(request, cacheName, event) {
  const cached = await caches.match(request);
  const network = fetch(request).then(async (response) => {
    await store(cacheName, request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

async function page(request) {
  try {
    const response = await fetch(request);
    await store(PAGE_CACHE, request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    return cached || (await caches.match(OFFLINE_URL)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith("/api/") || path.startsWith("/ws/") || path.startsWith("/staff/") || path === "/service-worker.js") return;

  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (HASHED_BUNDLE.test(path)) {
    event.respondWith(cacheFirst(request, BUNDLE_CACHE));
  } else if (path.startsWith("/static/")) {
    event.respondWith(staleWhileRevalidate(request, SHELL_CACHE, event));
  } else if (path.startsWith("/media/")) {
    event.respondWith(staleWhileRevalidate(request, MEDIA_CACHE, event));
  }
});
