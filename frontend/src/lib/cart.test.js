import { beforeEach, describe, expect, it } from "vitest";
import {
  addToCart,
  applyServerRecords,
  clearAll,
  clearCartItems,
  getCart,
  removeFromCart,
  saveShippingAddress,
  setQty,
} from "./cart";
import { subscribe } from "./storage";

const rice = {
  productId: "1",
  name: "Sona Masoori Rice",
  slug: "sona-masoori-rice",
  category: "RICE & PULSES",
  brand: "India Gate",
  brandId: "11",
  financialId: "101",
  quantity: "5",
  units: "kg",
  price: 450,
  dprice: 399.5,
  Discount: 11,
  image: "/media/rice.svg",
  rating: "4.5",
  numReviews: 3,
  reviews: [],
  user: "1",
};

beforeEach(() => window.localStorage.clear());

describe("cart store", () => {
  it("starts empty with PayPal as the default payment method", () => {
    expect(getCart()).toMatchObject({ cartItems: [], paymentMethod: "PayPal", totalPrice: "0.00" });
  });

  it("adds a line with qty 1, stock fixed at 10 and review fields stripped", () => {
    const cart = addToCart(rice);
    expect(cart.cartItems).toHaveLength(1);
    const [line] = cart.cartItems;
    expect(line.qty).toBe(1);
    expect(line.countInStock).toBe(10);
    for (const field of ["user", "rating", "numReviews", "reviews"]) expect(line).not.toHaveProperty(field);
    expect(cart).toMatchObject({ itemsPrice: "399.50", shippingPrice: "0.00", totalPrice: "399.50" });
  });

  it("replaces the qty of a matching line (product, brand, quantity) instead of adding", () => {
    addToCart(rice);
    const cart = addToCart({ ...rice, qty: 3 });
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0].qty).toBe(3);
    expect(cart.totalPrice).toBe("1198.50");
  });

  it("appends a line for another pack size or brand", () => {
    addToCart(rice);
    addToCart({ ...rice, quantity: "1", financialId: "102", dprice: 85 });
    const cart = addToCart({ ...rice, brand: "Daawat", brandId: "12", financialId: "201" });
    expect(cart.cartItems).toHaveLength(3);
  });

  it("removes a line, and pack count 0 removes it too", () => {
    addToCart(rice);
    addToCart({ ...rice, quantity: "1", financialId: "102" });
    expect(removeFromCart(rice).cartItems).toHaveLength(1);
    expect(setQty({ ...rice, quantity: "1" }, 0).cartItems).toHaveLength(0);
  });

  it("ignores a negative or fractional pack count", () => {
    addToCart(rice);
    expect(setQty(rice, -1).cartItems[0].qty).toBe(1);
    expect(setQty(rice, 2.5).cartItems[0].qty).toBe(1);
  });

  it("saves to local storage under cart and the in-progress keys", () => {
    addToCart({ ...rice, qty: 2 });
    saveShippingAddress({ street: "1 Main Rd", city: "Amalapuram", postalCode: "533201" });
    expect(JSON.parse(localStorage.getItem("cart")).cartItems).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("cartItems"))).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("shippingAddress")).city).toBe("Amalapuram");
    expect(JSON.parse(localStorage.getItem("totalPrice"))).toBe("799.00");
  });

  it("clear items keeps the address; clear all empties address, zeroes totals and blanks the method", () => {
    addToCart(rice);
    saveShippingAddress({ street: "x", city: "y", postalCode: "533201" });
    expect(clearCartItems()).toMatchObject({ cartItems: [], totalPrice: "0.00", shippingAddress: { city: "y" } });
    addToCart(rice);
    expect(clearAll()).toMatchObject({ cartItems: [], shippingAddress: {}, paymentMethod: "", itemsPrice: "0.00" });
  });

  it("refreshes prices and stock from server records and drops vanished packs", () => {
    addToCart({ ...rice, qty: 4 });
    addToCart({ ...rice, quantity: "1", financialId: "102", dprice: 85 });
    const changed = applyServerRecords([
      { productId: "1", brandId: "11", financialId: "101", price: 450, dprice: 410, Discount: 9, countInStock: 3 },
    ]);
    const cart = getCart();
    expect(changed).toHaveLength(1);
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({ dprice: 410, countInStock: 3, qty: 3 });
    expect(cart.totalPrice).toBe("1230.00");
  });

  it("does not call a price changed when a cart saved with string prices meets the same numbers", () => {
    addToCart({ ...rice, price: "450.00", dprice: "399.50" });
    const changed = applyServerRecords([
      { productId: "1", brandId: "11", financialId: "101", price: 450, dprice: 399.5, Discount: 11, countInStock: 10 },
    ]);
    expect(changed).toEqual([]);
    expect(getCart().totalPrice).toBe("399.50");
  });

  it("notifies subscribers on every change", () => {
    let calls = 0;
    const stop = subscribe("cart", () => calls++);
    addToCart(rice);
    removeFromCart(rice);
    stop();
    expect(calls).toBe(2);
  });
});
