// On opening the cart, the lines' prices and stock come from the server again, and the shopper
// is told what changed since the packs were added.
import { api } from "../../lib/api";
import { applyServerRecords, getCart, lineKey } from "../../lib/cart";

export const BATCH_PATH = "/api/products/financials/batch";

/**
 * Refresh the stored cart from the financial batch endpoint. Resolves to
 * `{changed: [lines whose price changed], removed: [lines no longer sold]}`.
 */
export async function refreshCartPrices({ signal } = {}) {
  const before = getCart().cartItems;
  if (before.length === 0) return { changed: [], removed: [] };
  const items = before.map(({ productId, brandId, financialId }) => ({ productId, brandId, financialId }));
  const response = await api(BATCH_PATH, { method: "POST", body: { items }, signal });
  const changed = applyServerRecords(response?.items ?? []);
  const kept = new Set(getCart().cartItems.map(lineKey));
  const removed = before.filter((line) => !kept.has(lineKey(line)));
  return { changed, removed };
}

