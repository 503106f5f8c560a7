// Placing the order: the request the orders API expects, and what each answer does to the cart.
import { api, errorMessage } from "../../lib/api";
import { applyServerRecords, clearCartItems, getCart } from "../../lib/cart";
import { toast } from "../../lib/toast";

/**
 * The order's body; `storeCredit` (the credit the shopper chose to use) goes along only when chosen,
 * `substitutionPreference` (what to do with an unavailable pack) and `deliverySlot` (the slot's id
 * from GET /api/slots) only when there is one to send, and a business `buyer` ({ gstin, name }) only
 * when either was typed (the server checks them; the existing client sends neither).
 */
export function orderRequest(cart, { storeCredit = 0, substitutionPreference = "", deliverySlot = "", buyer = null } = {}) {
  const { street, city, postalCode } = cart.shippingAddress;
  const body = {
    // Every cart field goes along; the server reads productId, brandId, financialId and qty.
    orderItems: cart.cartItems.map((line) => ({ ...line })),
    shippingAddress: { street, city, postalCode },
    paymentMethod: cart.paymentMethod,
    itemsPrice: cart.itemsPrice,
    shippingPrice: cart.shippingPrice,
    totalPrice: cart.totalPrice,
  };
  if (storeCredit > 0) body.storeCredit = storeCredit;
  if (substitutionPreference) body.substitutionPreference = substitutionPreference;
  if (deliverySlot) body.deliverySlot = deliverySlot;
  if (buyer && (buyer.gstin.trim() || buyer.name.trim())) {
    body.buyerGstin = buyer.gstin;
    body.buyerName = buyer.name;
  }
  return body;
}

/**
 * Refresh the cart from a 409's pack records. An out-of-stock answer names only the short packs,
 * so the other lines are kept as they are rather than dropped as vanished.
 */
export function applyConflictRecords(records) {
  const named = new Set(records.map((record) => String(record.financialId)));
  const unchanged = getCart()
    .cartItems.filter((line) => !named.has(String(line.financialId)))
    .map(({ productId, brandId, financialId, price, dprice, Discount, countInStock }) => ({
      productId, brandId, financialId, price, dprice, Discount, countInStock,
    }));
  return applyServerRecords([...records, ...unchanged]);
}

/**
 * POST the stored cart as an order (with the store credit the shopper chose to use), with an
 * Idempotency-Key kept across retries of the same cart (lib/idempotency). Resolves to the placed order (the cart's lines are cleared:
 * the order now holds them; `keepCart` leaves them for an online payment, whose success screen
 * clears them), or to null after telling the shopper why it was refused. A 409 (prices changed,
 * not enough stock) refreshes the cart so the summary shows what the server will accept; a 409
 * `slot_full` calls `onSlotFull(nextSlot)` with the next free slot the server offers (or null).
 */
export async function placeOrder({
  keepCart = false,
  storeCredit = 0,
  substitutionPreference = "",
  deliverySlot = "",
  buyer = null,
  onSlotFull,
} = {}) {
  try {
    const body = orderRequest(getCart(), { storeCredit, substitutionPreference, deliverySlot, buyer });
    // Loaded at the tap (a chunk of its own), not with the page: checkout's start stays within issue 17's weight.
    const { sendOnce } = await import("../../lib/idempotency");
    const order = await sendOnce("order", body, (headers) => api("/api/orders", { method: "POST", body, headers }));
    if (!keepCart) clearCartItems();
    return order;
  } catch (error) {
    if (error?.status === 409 && Array.isArray(error.data?.items)) applyConflictRecords(error.data.items);
    if (error?.status === 409 && error.data?.code === "slot_full") onSlotFull?.(error.data.nextSlot ?? null);
    toast.error(errorMessage(error));
    return null;
  }
}
