import { describe, expect, it } from "vitest";
import { paymentMethodLabel, validPaymentMethod } from "./paymentMethods";

describe("payment methods", () => {
  it("accepts only the methods the orders API takes; PayPal and blanks are unset", () => {
    expect(validPaymentMethod("Cash Or UPI")).toBe("Cash Or UPI");
    expect(validPaymentMethod("Online")).toBe("Online");
    expect(validPaymentMethod("PayPal")).toBe("");
    expect(validPaymentMethod("")).toBe("");
    expect(validPaymentMethod(undefined)).toBe("");
    expect(validPaymentMethod("toString")).toBe("");
  });

  it("shows 'Cash Or UPI' as 'Cash/UPI'", () => {
    expect(paymentMethodLabel("Cash Or UPI")).toBe("Cash/UPI");
    expect(paymentMethodLabel("Online")).toBe("Online");
  });
});
