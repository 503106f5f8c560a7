import { describe, expect, it } from "vitest";
import { config } from "./config";
import { paymentMethodLabel, validPaymentMethod } from "./paymentMethods";

describe("payment methods", () => {
  it("accepts only the methods the server offers; PayPal and blanks are unset", () => {
    Object.assign(config, { paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }, { value: "Online", label: "Online" }] });
    expect(validPaymentMethod("Cash Or UPI")).toBe("Cash Or UPI");
    expect(validPaymentMethod("Online")).toBe("Online");
    expect(validPaymentMethod("Online", [{ value: "Cash Or UPI", label: "Cash Or UPI" }])).toBe("");
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
