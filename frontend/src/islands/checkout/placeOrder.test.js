import { describe, expect, it } from "vitest";
import { orderRequest } from "./placeOrder";

const cart = {
  cartItems: [{ productId: "1", brandId: "2", financialId: "3", qty: 2 }],
  shippingAddress: { street: "4 Canal Road", city: "Amalapuram", postalCode: "533201" },
  paymentMethod: "Cash Or UPI",
  itemsPrice: "291.00",
  shippingPrice: "0.00",
  totalPrice: "291.00",
};

describe("orderRequest's business buyer", () => {
  it("sends the GSTIN and name as typed (the server checks them)", () => {
    const body = orderRequest(cart, { buyer: { gstin: " 37aapfu0939f1zu", name: "Sri Traders" } });
    expect(body.buyerGstin).toBe(" 37aapfu0939f1zu");
    expect(body.buyerName).toBe("Sri Traders");
  });

  it("sends neither when both are blank, as the existing client", () => {
    const body = orderRequest(cart, { buyer: { gstin: "  ", name: "" } });
    expect(body).not.toHaveProperty("buyerGstin");
    expect(body).not.toHaveProperty("buyerName");
    expect(orderRequest(cart)).not.toHaveProperty("buyerGstin");
  });

  it("sends one alone, for the server's 'both or neither' refusal", () => {
    expect(orderRequest(cart, { buyer: { gstin: "", name: "Sri Traders" } }).buyerName).toBe("Sri Traders");
  });
});
