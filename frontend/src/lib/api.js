// The one way islands talk to the API: JSON in and out, the Bearer token on every call, errors as
// ApiError carrying the server's `message`, and the spec's 401 rule (lib/auth handleUnauthorized).
// Components call it through useApi (reads) and useSubmit (forms); both live in lib/.
import { getUserInfo, handleUnauthorized, pageGate } from "./auth";
import { t } from "./i18n";

export class ApiError extends Error {
  constructor(status, message, data, { sentToken = false, headers = null } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
    this.sentToken = sentToken;
    this.headers = headers;
    /** True when the 401 rule sent the browser to the login page: show nothing, it is leaving. */
    this.leaving = false;
  }
}

// Catalog keys (lib/i18n.js) of the sentences errorMessage gives.
export const NETWORK_ERROR = "error.network";
export const SOMETHING_WENT_WRONG = "error.generic";
export const SESSION_ENDED = "error.sessionEnded";
export const NOT_ALLOWED = "error.notAllowed";

async function send(path, { method = "GET", body, signal, headers = {}, cache } = {}) {
  const info = getUserInfo();
  const requestHeaders = { Accept: "application/json", ...headers };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    requestHeaders["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (info?.token) requestHeaders.Authorization = `Bearer ${info.token}`;

  let response;
  try {
    // `cache: "no-store"`: an admin screen must not reuse a public answer the browser kept (max-age 30 s).
    response = await fetch(path, { method, headers: requestHeaders, body: payload, signal, credentials: "same-origin", ...(cache ? { cache } : {}) });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new ApiError(0, t(NETWORK_ERROR), null);
  }

  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const message = (data && typeof data === "object" && data.message) || response.statusText || t(SOMETHING_WENT_WRONG);
    const error = new ApiError(response.status, message, data, { sentToken: Boolean(info?.token), headers: response.headers });
    // Any 401 ends the session; a signed-in page then goes to /login?redirect=... (spec 4, 8).
    if (response.status === 401 && (info?.token || pageGate() !== "public")) error.leaving = handleUnauthorized();
    throw error;
  }
  return { data, headers: response.headers };
}

/** The JSON answer of `path`; throws ApiError (or the AbortError of `signal`). */
export async function api(path, options) {
  return (await send(path, options)).data;
}

/** The JSON answer and the response headers (X-Total-Count, Link) of `path`. */
export function apiWithHeaders(path, options) {
  return send(path, options);
}

/**
 * The sentence a shopper reads for any error: the server's own message (the spec's texts), or a
 * plain sentence where the answer carries a framework's wording (token errors, permission
 * denials) or no message at all (a proxy's error page). Never a framework's error text.
 */
export function errorMessage(error) {
  if (!(error instanceof ApiError)) return t(SOMETHING_WENT_WRONG);
  if (error.status === 0) return t(NETWORK_ERROR);
  if (error.status === 401 && error.sentToken) return t(SESSION_ENDED);
  const message = error.data && typeof error.data === "object" ? error.data.message : null;
  if (typeof message !== "string" || !message.trim()) return t(SOMETHING_WENT_WRONG);
  return FRAMEWORK_TEXTS[message] ? t(FRAMEWORK_TEXTS[message]) : message;
}

// Messages Django REST framework and simplejwt write themselves, and what the shopper reads instead
// (catalog keys). Every other message is the server's own, already in the shopper's language.
const FRAMEWORK_TEXTS = {
  "Given token not valid for any token type": SESSION_ENDED,
  "Token is invalid or expired": SESSION_ENDED,
  "Authentication credentials were not provided.": "error.signIn",
  "You do not have permission to perform this action.": NOT_ALLOWED,
  "Incorrect authentication credentials.": SESSION_ENDED,
};
