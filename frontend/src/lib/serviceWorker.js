// Registers /service-worker.js (root scope) once the page has loaded. A failure is only logged:
// the shop works the same without it.
export function registerServiceWorker({ url = "/service-worker.js", scope = "/" } = {}) {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.resolve(null);
  const register = () =>
    navigator.serviceWorker.register(url, { scope }).catch((error) => {
      console.error("Service worker registration failed", error);
      return null;
    });
  if (document.readyState === "complete") return register();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(register()), { once: true }));
}
