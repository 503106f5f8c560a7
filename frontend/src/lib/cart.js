// The cart store of spec sections 3 and 4. One object under the localStorage key `cart`, with
// the in-progress order mirrored under cartItems, shippingAddress, itemsPrice, shippingPrice and
// totalPrice (the payment return screen reads those). Every island and every tab sees each change.
import { toMoneyString, toNumber } from "./money";
import { writeJSON } from "./storage";
import { createStoredValue } from "./store";

export const CART_KEY = "cart";
export const CART_STOCK_CAP = 10;
const MIRRORED_KEYS = ["cartItems", "shippingAddress", "itemsPrice", "shippingPrice", "totalPrice"];
const STRIPPED_FIELDS = ["user", "rating", "numReviews", "reviews"];

export const EMPTY_CART = Object.freeze({
  cartItems: [],
  shippingAddress: {},
  paymentMethod: "PayPal",
  itemsPrice: "0.00",
  shippingPrice: "0.00",
  totalPrice: "0.00",
});

const stored = createStoredValue(CART_KEY, EMPTY_CART);

export function getCart() {
  return { ...EMPTY_CART, ...stored.read() };
}

export function useCart() {
  const cart = stored.useValue();
  return cart === EMPTY_CART ? cart : { ...EMPTY_CART, ...cart };
}

/** A line is one pack size of one brand of one product. */
export function lineKey(item) {
  return `${item.productId}|${item.brand}|${item.quantity}`;
}

function sameLine(a, b) {
  return lineKey(a) === lineKey(b);
}

export function withTotals(cart) {
  const items = cart.cartItems.reduce((sum, item) => sum + toNumber(item.dprice) * toNumber(item.qty), 0);
  const itemsPrice = toMoneyString(items);
  return { ...cart, itemsPrice, shippingPrice: "0.00", totalPrice: itemsPrice };
}

function save(cart) {
  const next = withTotals(cart);
  writeJSON(CART_KEY, next);
  for (const key of MIRRORED_KEYS) writeJSON(key, next[key]);
  return next;
}

export function addToCart(item) {
  const line = { ...item, qty: item.qty ?? 1, countInStock: CART_STOCK_CAP };
  for (const field of STRIPPED_FIELDS) delete line[field];
  const cart = getCart();
  const exists = cart.cartItems.some((existing) => sameLine(existing, line));
  const cartItems = exists
    ? cart.cartItems.map((existing) => (sameLine(existing, line) ? { ...existing, ...line } : existing))
    : [...cart.cartItems, line];
  return save({ ...cart, cartItems });
}

export function removeFromCart(item) {
  const cart = getCart();
  return save({ ...cart, cartItems: cart.cartItems.filter((existing) => !sameLine(existing, item)) });
}

/** Pack count 0 removes the line; any other count replaces it. */
export function setQty(item, qty) {
  const count = Number(qty);
  if (!Number.isInteger(count) || count < 0) return getCart();
  if (count === 0) return removeFromCart(item);
  const cart = getCart();
  return save({
    ...cart,
    cartItems: cart.cartItems.map((existing) => (sameLine(existing, item) ? { ...existing, qty: count } : existing)),
  });
}

export function findLine(cart, item) {
  return cart.cartItems.find((existing) => sameLine(existing, item));
}

export function saveShippingAddress(shippingAddress) {
  return save({ ...getCart(), shippingAddress });
}

export function savePaymentMethod(paymentMethod) {
  return save({ ...getCart(), paymentMethod });
}

export function clearCartItems() {
  return save({ ...getCart(), cartItems: [] });
}

export function clearAll() {
  return save({ ...getCart(), cartItems: [], shippingAddress: {}, paymentMethod: "" });
}

/**
 * Refresh prices, discounts and stock from the server's current pack records (the financial
 * batch endpoint, a 409 from order placement, or a realtime productUpdate). Lines whose pack no
 * longer exists are dropped. Returns the lines whose price changed.
 */
export function applyServerRecords(records) {
  const byFinancial = new Map(records.map((record) => [String(record.financialId), record]));
  const cart = getCart();
  const changed = [];
  const cartItems = [];
  for (const line of cart.cartItems) {
    const record = byFinancial.get(String(line.financialId));
    if (!record) continue;
    const countInStock = Math.min(CART_STOCK_CAP, toNumber(record.countInStock));
    const next = { ...line, price: record.price, dprice: record.dprice, Discount: record.Discount, countInStock };
    // A cart saved before money became JSON numbers holds "399.00" where the server now sends 399.
    const moved = (key) => toNumber(next[key]) !== toNumber(line[key]);
    if (moved("dprice") || moved("price")) changed.push(next);
    cartItems.push(countInStock > 0 && next.qty > countInStock ? { ...next, qty: countInStock } : next);
  }
  save({ ...cart, cartItems });
  return changed;
}
