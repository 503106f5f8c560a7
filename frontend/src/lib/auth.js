// The stored login info (`userInfo`) and the session rules of spec section 4.
import { clearAll } from "./cart";
import { readJSON, removeKey, writeJSON } from "./storage";
import { createStoredValue } from "./store";

export const USER_INFO_KEY = "userInfo";
const stored = createStoredValue(USER_INFO_KEY, null);

export function isExpired(info, now = Date.now()) {
  if (!info?.expiresAt) return false;
  const expiry = Date.parse(info.expiresAt);
  return Number.isFinite(expiry) && expiry <= now;
}

/** The signed-in user's info, or null for a guest or an expired session. */
export function getUserInfo() {
  const info = stored.read();
  return info && info.token && !isExpired(info) ? info : null;
}

export function useUserInfo() {
  const info = stored.useValue();
  return info && info.token && !isExpired(info) ? info : null;
}

export function setUserInfo(info) {
  writeJSON(USER_INFO_KEY, info);
}

export function clearUserInfo() {
  removeKey(USER_INFO_KEY);
}

/** Any 401: the session is over; forget login info, cart and shipping address. */
export function handleUnauthorized() {
  clearUserInfo();
  clearAll();
}

/** Logout: tell the server (it revokes the token), clear auth, go home. */
export async function logout({ redirectTo = "/" } = {}) {
  const info = readJSON(USER_INFO_KEY, null);
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
  if (redirectTo) window.location.assign(redirectTo);
}

/** Log out at once when the stored expiry passes while a page is open. */
export function watchExpiry(onExpired = () => logout()) {
  const check = () => {
    const info = stored.read();
    if (info?.token && isExpired(info)) onExpired();
  };
  check();
  const timer = window.setInterval(check, 30_000);
  return () => window.clearInterval(timer);
}
