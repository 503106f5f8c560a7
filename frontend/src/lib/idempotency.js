// Retries never buy twice: a POST that creates something (an order, a payment start) carries an
// Idempotency-Key. The key belongs to one attempt: sending the same body again after no answer (a
// phone network that timed out, a server error, "still being processed") reuses it, so the server
// answers the first result instead of acting twice; any real answer ends the attempt.
const PREFIX = "idempotency:";

function newKey() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function kept(scope) {
  try {
    return JSON.parse(window.sessionStorage.getItem(PREFIX + scope) || "null");
  } catch {
    return null;
  }
}

function keep(scope, value) {
  try {
    if (value) window.sessionStorage.setItem(PREFIX + scope, JSON.stringify(value));
    else window.sessionStorage.removeItem(PREFIX + scope);
  } catch {
    // Private mode without storage: each attempt gets a new key, as with no key at all.
  }
}

/** The key of this attempt at sending `body` for `scope`: the kept one when the body is the same. */
export function attemptKey(scope, body) {
  const text = JSON.stringify(body);
  const previous = kept(scope);
  if (previous?.body === text && previous.key) return previous.key;
  const key = newKey();
  keep(scope, { key, body: text });
  return key;
}

/** An answer that leaves the request's fate unknown: the retry must carry the same key. */
function unanswered(error) {
  return error?.status === 0 || error?.status >= 500 || error?.data?.code === "idempotency_key_in_use";
}

/** Run `request(headers)` with the attempt's key; the key is forgotten once the server has answered. */
export async function sendOnce(scope, body, request) {
  const key = attemptKey(scope, body);
  try {
    const answer = await request({ "Idempotency-Key": key });
    keep(scope, null);
    return answer;
  } catch (error) {
    if (!unanswered(error)) keep(scope, null);
    throw error;
  }
}
