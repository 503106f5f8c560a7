// The stored login info (`userInfo`) and the session rules of spec section 4.
import { clearAll, clearCheckout } from "./cart";
import { loginUrl, redirect } from "./navigation";
import { removeKey } from "./storage";
import { createStoredStore } from "./store";

export const USER_INFO_KEY = "userInfo";
const stored = createStoredStore(USER_INFO_KEY, null);

export function isExpired(info, now = Date.now()) {
  if (!info?.expiresAt) return false;
  const expiry = Date.parse(info.expiresAt);
  return Number.isFinite(expiry) && expiry <= now;
}

const signedIn = (info) => (info && info.token && !isExpired(info) ? info : null);

/** The signed-in user's info, or null for a guest or an expired session. */
export function getUserInfo() {
  return signedIn(stored.get());
}

export function useUserInfo() {
  return stored.use(signedIn);
}

export function setUserInfo(info) {
  stored.set(info);
}

export function clearUserInfo() {
  removeKey(USER_INFO_KEY);
}

/** "public", "signed-in" or "admin": the gate of the page being shown (templates/base.html). */
export function pageGate() {
  return (typeof document !== "undefined" && document.body?.dataset.gate) || "public";
}

/**
 * Any 401 (spec section 8): the session is over; forget login info, cart and shipping address.
 * A page that needs a signed-in user then goes to the login page, which returns here.
 * Returns true when the page is being left.
 */
// Set on the page once it is leaving for the login page (test-setup.js clears it between tests).
export const LEAVING_FOR_LOGIN = Symbol.for("shop.leavingForLogin");

export function handleUnauthorized() {
  clearUserInfo();
  clearAll();
  if (pageGate() === "public") return false;
  // Several calls may fail at once (profile and orders): the page leaves once.
  if (!window[LEAVING_FOR_LOGIN]) {
    window[LEAVING_FOR_LOGIN] = true;
    redirect(loginUrl());
  }
  return true;
}

/**
 * Logout: tell the server (it revokes the token), clear auth and what the next person on this
 * phone must not see (shipping address, payment method); the cart's packs stay. Then go home.
 */
export async function logout({ redirectTo = "/" } = {}) {
  const info = stored.get();
  if (info?.token) {
    try {
      await fetch("/api/users/logout", {
        method: "POST",
        headers: { Authorization: `Bearer ${info.token}`, Accept: "application/json" },
      });
    } catch (error) {
      console.error("Logout request failed", error);
    }
  }
  clearUserInfo();
  clearCheckout();
  if (redirectTo) window.location.assign(redirectTo);
}

/** Log out at once when the stored expiry passes while a page is open. */
export function watchExpiry(onExpired = () => logout()) {
  const check = () => {
    const info = stored.get();
    if (info?.token && isExpired(info)) onExpired();
  };
  check();
  const timer = window.setInterval(check, 30_000);
  return () => window.clearInterval(timer);
}
