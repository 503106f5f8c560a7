// Leaving the page, in one place: islands call these instead of touching window.location, so a
// test can replace them and assert where a screen sends the shopper.

// Set once the page asked to be left: a message it left for the next page (lib/flash) is that
// page's to show, not this one's (the chrome's late part, mounting meanwhile, took it: issue 45's
// lost 'Payment was not successful.'). A page restored from the back-forward cache is shown again.
let leaving = false;
if (typeof window !== "undefined") {
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) leaving = false;
  });
}

/** Whether this page has asked to be left (navigate or redirect). */
export function isLeaving() {
  return leaving;
}

/** Go to `url`, keeping the current page in the history (Back returns to it). */
export function navigate(url) {
  leaving = true;
  window.location.assign(url);
}

/** Go to `url` in place of the current page (a redirect the shopper should not come back to). */
export function redirect(url) {
  leaving = true;
  window.location.replace(url);
}

/** Load the current page again (a language choice: the server's texts follow it). */
export function reload() {
  window.location.reload();
}

/**
 * The login page that returns to `path` (default: the current page) after signing in. Slashes
 * stay readable (`/login?redirect=/shipping`, as the specification writes it); they are legal in
 * a query value.
 */
export function loginUrl(path = window.location.pathname + window.location.search) {
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/gi, "/")}`;
}
