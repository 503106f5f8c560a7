// The cart store of spec sections 3 and 4. One object under the localStorage key `cart`, with
// the in-progress order mirrored under cartItems, shippingAddress, itemsPrice, shippingPrice and
// totalPrice (the payment return screen reads those). Every island and every tab sees each change.
import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
import { config, packLimit } from "./config";
import { localName } from "./i18n";
import { toMoneyString, toNumber } from "./money";
import { writeJSON } from "./storage";
import { createStoredStore } from "./store";
import { namedPackLabel } from "./packLabel";

export const CART_KEY = "cart";
/** A line never holds more packs than the product page offers (the server's pack limit). */
const packCap = () => packLimit("productPage").max;
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

const stored = createStoredStore(CART_KEY, EMPTY_CART);

export function getCart() {
  return { ...EMPTY_CART, ...stored.get() };
}

const complete = (cart) => (cart === EMPTY_CART ? cart : { ...EMPTY_CART, ...cart });

export function useCart() {
  return complete(stored.use());
}

const unknown = () => null;

/** This browser's cart, or null until it is read: the server knows no shopper's cart, which is not
 * an empty one, so the cart page shows its frame until then, never a wrong "your cart is empty"
 * (useCart's server cart, empty, suits a card, whose Add to Cart is right until the cart is read).
 * It is read after the first render (the one that hydrates the server's markup must be the
 * server's), in a transition: React then draws the lines in slices, not in one long task, as it
 * would when a store's value differs from the server's right after hydrating (issue 34). */
export function useBrowserCart() {
  const [read, setRead] = useState(false);
  useEffect(() => startTransition(() => setRead(true)), []);
  const cart = useSyncExternalStore(stored.subscribe, read ? stored.get : unknown, unknown);
  return cart === null ? null : complete(cart);
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
  const shipping = cart.cartItems.length ? toNumber(config.shippingPrice) : 0;
  return {
    ...cart,
    itemsPrice: toMoneyString(items),
    shippingPrice: toMoneyString(shipping),
    totalPrice: toMoneyString(items + shipping),
  };
}

function save(cart) {
  const next = withTotals(cart);
  writeJSON(CART_KEY, next);
  for (const key of MIRRORED_KEYS) writeJSON(key, next[key]);
  return next;
}

export function addToCart(item) {
  const line = { ...item, qty: item.qty ?? 1, countInStock: packCap() };
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

/** Logout: the next person on this phone sees no address or payment choice; the packs stay. */
export function clearCheckout() {
  return save({ ...getCart(), shippingAddress: {}, paymentMethod: "" });
}

export function clearAll() {
  return save({ ...getCart(), cartItems: [], shippingAddress: {}, paymentMethod: "" });
}

/** A line with a pack record's current prices and stock; a line holds no more packs than are left. */
function refreshedLine(line, record) {
  const countInStock = Math.min(packCap(), toNumber(record.countInStock));
  const next = { ...line, price: record.price, dprice: record.dprice, Discount: record.Discount, countInStock };
  if (record.unitPrice !== undefined) Object.assign(next, { unitPrice: record.unitPrice, unitPriceBasis: record.unitPriceBasis });
  return countInStock > 0 && next.qty > countInStock ? { ...next, qty: countInStock } : next;
}

// Compared as numbers: a cart saved before money became JSON numbers holds "399.00" where the
// server now sends 399.
function priceChanged(before, after) {
  return toNumber(before.dprice) !== toNumber(after.dprice) || toNumber(before.price) !== toNumber(after.price);
}

/**
 * Refresh prices, discounts and stock from the server's current pack records (the financial
 * batch endpoint or a 409 from order placement). Lines whose pack no longer exists are dropped.
 * Returns the lines whose price changed.
 */
export function applyServerRecords(records) {
  const byFinancial = new Map(records.map((record) => [String(record.financialId), record]));
  const cart = getCart();
  const changed = [];
  const cartItems = [];
  for (const line of cart.cartItems) {
    const record = byFinancial.get(String(line.financialId));
    if (!record) continue;
    const next = refreshedLine(line, record);
    if (priceChanged(line, next)) changed.push(next);
    cartItems.push(next);
  }
  save({ ...cart, cartItems });
  return changed;
}

/**
 * A realtime `productUpdate`: the lines of `product` (the API's product shape) take their packs'
 * current prices and stock, and a pack the product no longer sells reads as out of stock. The
 * cart is saved only when a line changed. Returns the lines whose price changed.
 */
export function applyProductUpdate(product) {
  const packs = new Map();
  for (const detail of product?.details ?? []) {
    for (const pack of detail.financials ?? []) packs.set(String(pack._id), pack);
  }
  const cart = getCart();
  const changed = [];
  let touched = false;
  const cartItems = cart.cartItems.map((line) => {
    if (String(line.productId) !== String(product?._id)) return line;
    const pack = packs.get(String(line.financialId)) ?? { ...line, countInStock: 0 };
    const next = refreshedLine(line, pack);
    if (priceChanged(line, next)) changed.push(next);
    if (["price", "dprice", "Discount", "countInStock", "qty"].some((field) => next[field] !== line[field])) {
      touched = true;
    }
    return next;
  });
  if (touched) save({ ...cart, cartItems });
  return changed;
}

/** "India Gate Sona Masoori Rice 5 kg": how a line is named in notices (its Telugu name in Telugu). */
export function lineLabel(line) {
  return namedPackLabel(line, localName(line).primary);
}
