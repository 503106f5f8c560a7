import { describe, expect, it } from "vitest";
import { formatMoney, toMoneyString } from "./money";

describe("formatMoney", () => {
  it("uses the rupee sign, Indian grouping and two decimals", () => {
    expect(formatMoney("1234.5")).toBe("₹1,234.50");
    expect(formatMoney(123456.7)).toBe("₹1,23,456.70");
    expect(formatMoney(0)).toBe("₹0.00");
  });

  it("formats the API's JSON numbers and older numeric strings alike", () => {
    for (const [number, text] of [[958, "958.00"], [399.5, "399.50"], [0.1, "0.10"], [100000, "100000"]]) {
      expect(formatMoney(number)).toBe(formatMoney(text));
    }
    expect(formatMoney(958)).toBe("₹958.00");
    expect(formatMoney(null)).toBe("₹0.00");
  });

  it("treats garbage as zero rather than printing NaN", () => {
    expect(formatMoney("abc")).toBe("₹0.00");
  });
});

describe("toMoneyString", () => {
  it("rounds to two decimals", () => {
    expect(toMoneyString(1.005)).toBe("1.01");
    expect(toMoneyString("10")).toBe("10.00");
  });
});
