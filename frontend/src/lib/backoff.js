// How sockets wait between reconnection attempts (spec section 4), for every socket of the shop:
// the cart's (lib/realtime) and the order page's and staff board's (lib/followSocket).

// The spec's reconnection settings (section 4).
export const BACKOFF = { delayMs: 1000, maxDelayMs: 5000, randomisation: 0.5, connectTimeoutMs: 20000 };

/**
 * How long to wait before reconnection attempt `attempt` (0 for the first): the delay doubles
 * from BACKOFF.delayMs, varies by ±randomisation, and never exceeds BACKOFF.maxDelayMs.
 */
export function reconnectDelay(attempt, random = Math.random) {
  const base = BACKOFF.delayMs * 2 ** Math.min(attempt, 16);
  const jitter = base * BACKOFF.randomisation * (2 * random() - 1);
  return Math.round(Math.min(BACKOFF.maxDelayMs, base + jitter));
}
