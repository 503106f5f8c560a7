// Where to go after signing in or registering (the `redirect` query parameter, spec section 2).
// Only a path on this site is ever followed: an open redirect would let a phishing link
// that points at our login page send a freshly signed-in shopper anywhere.
import { mayOpenStaffPath } from "./staff";

/** The same-site path `value` names ("/shipping", "/order/5?x=1"), or null for anything else. */
export function safePath(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return null;
  }
  try {
    const origin = window.location.origin;
    const url = new URL(value, origin);
    // The URL parser drops tabs and newlines, so "/\t/evil.example" can still leave the site.
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The `redirect` query parameter when it is a same-site path, else `fallback` ("/"). */
export function redirectTarget(search = window.location.search, fallback = "/") {
  return safePath(new URLSearchParams(search).get("redirect")) ?? fallback;
}

/** True for the admin screens' paths (/admin/...): only staff may open them, each role its own (shop/pages.py). */
export function isAdminPath(path) {
  return /^\/admin(\/|$)/.test(path);
}

/**
 * Where a signed-in visitor of /login or /register goes: the redirect target, unless that page
 * would send them straight back here (an admin screen for a customer, the login page itself);
 * then null, and the login page stays and says who is signed in. Mirrored before painting by
 * templates/pages/_signed_in_redirect.html.
 */
export function signedInLanding(info, search = window.location.search) {
  const target = redirectTarget(search);
  const path = target.split(/[?#]/)[0];
  if (path === "/login" || path === "/register") return "/";
  if (isAdminPath(path) && !mayOpenStaffPath(info, path)) return null;
  return target;
}
