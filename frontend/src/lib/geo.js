// Browser geolocation (spec section 9: high accuracy, 10 second timeout, no cached position) and
// the server's delivery check, which is also the shop's offline reverse geocoder: coordinates in,
// nearest pincode, state and town out.
import { api } from "./api";

export const GEOLOCATION_OPTIONS = Object.freeze({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
const PERMISSION_DENIED = 1;

export class GeolocationUnsupportedError extends Error {
  constructor() {
    super("Geolocation is not available in this browser");
    this.name = "GeolocationUnsupportedError";
  }
}

export function isGeolocationSupported() {
  return typeof navigator !== "undefined" && Boolean(navigator.geolocation);
}

export function isPermissionDenied(error) {
  return error?.code === PERMISSION_DENIED;
}

/** Resolves {latitude, longitude}; rejects with GeolocationUnsupportedError or the browser's error. */
export function currentPosition() {
  return new Promise((resolve, reject) => {
    if (!isGeolocationSupported()) {
      reject(new GeolocationUnsupportedError());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      GEOLOCATION_OPTIONS,
    );
  });
}

/** Coordinates as the server stores them (6 decimals, about 10 cm). */
export function roundCoordinate(value) {
  return Math.round(Number(value) * 1e6) / 1e6;
}

/** GET /api/delivery/check → {pincode, state, town, deliverable, message}. */
export function checkDelivery({ pincode, latitude, longitude, signal } = {}) {
  const query =
    pincode !== undefined
      ? new URLSearchParams({ pincode: String(pincode).trim() })
      : new URLSearchParams({ lat: String(roundCoordinate(latitude)), lng: String(roundCoordinate(longitude)) });
  return api(`/api/delivery/check?${query}`, { signal });
}

export const PLACE_MIN_CHARS = 3;

/** The offline place search for the typed text: GET → {places: [{name, pincode, district, state, label}]}. */
export function placesPath(text) {
  return `/api/delivery/places?${new URLSearchParams({ q: text.trim() })}`;
}

/** The offline place search's places for `text` (for a submit; suggestions load through useApi). */
export async function searchPlaces(text, { signal } = {}) {
  const data = await api(placesPath(text), { signal });
  return data?.places ?? [];
}
