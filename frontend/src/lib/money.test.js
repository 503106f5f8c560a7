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

  it("writes what Intl.NumberFormat's en-IN rupees write, for prices, totals and their float noise", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    let seed = 17;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const amounts = [0, 0.01, 0.5, 1.005, 2.675, 9.995, 99.999, 999.99, 1000, 99999.99, 100000, 1234567.891, 98765432.1, 1e9 + 0.07];
    for (let i = 0; i < 3000; i += 1) {
      const price = Math.round(random() * 10 ** (1 + (i % 9))) / 100;
      amounts.push(price, price * (1 + (i % 10)), -price, price / 3);
    }
    for (const amount of amounts) {
      if (Math.abs(amount) < 0.005) continue; // Intl writes a negative zero as "-₹0.00"
      expect(formatMoney(amount), String(amount)).toBe(intl.format(amount));
    }
  });
});

describe("toMoneyString", () => {
  it("rounds to two decimals", () => {
    expect(toMoneyString(1.005)).toBe("1.01");
    expect(toMoneyString(-1.005)).toBe("-1.01");
    expect(toMoneyString(2.675)).toBe("2.68");
    expect(toMoneyString("10")).toBe("10.00");
  });
});
