import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import { lookUp } from "./CounterPage";
import { sheetsOf } from "./Labels";

afterEach(() => vi.unstubAllGlobals());

const scanned = {
  code: "8901063010314", kind: "ean13", financialId: "12", brandId: "3", productId: "2",
  name: "Toor Dal", nameTe: "", brand: "Tata", quantity: "500", units: "g", price: 90, dprice: 80, countInStock: 4,
};

describe("the counter's scan", () => {
  it("resolves a barcode through the catalog's barcode lookup", async () => {
    mockFetch({ "GET /api/products/barcode/8901063010314": { body: scanned } });
    expect(await lookUp("8901063010314")).toEqual([{ id: "12", label: "Tata Toor Dal 500 g", dprice: 80 }]);
  });

  it("shows the server's refusal of an unknown code rather than searching names", async () => {
    mockFetch({ "GET /api/products/barcode/96385074": { status: 404, body: { message: "No pack has barcode 96385074." } } });
    await expect(lookUp("96385074")).rejects.toMatchObject({ message: "No pack has barcode 96385074." });
  });

  it("searches by name for anything else", async () => {
    mockFetch({
      "GET /api/products?keyword=dal&pageSize=8": {
        body: { products: [{ name: "Toor Dal", details: [{ brand: "Tata", financials: [{ _id: "12", quantity: "500", units: "g", dprice: 80 }] }] }] },
      },
    });
    expect(await lookUp("dal")).toEqual([{ id: "12", label: "Tata Toor Dal 500 g", dprice: 80 }]);
  });
});

describe("the label sheet", () => {
  it("lays the copies out 24 to an A4 sheet", () => {
    const labels = [{ code: "2100000000173" }, { code: "2100000000180" }];
    const sheets = sheetsOf(labels, { "2100000000173": 30 });
    expect(sheets.map((sheet) => sheet.length)).toEqual([24, 7]);
    expect(sheetsOf(labels, { "2100000000173": 0, "2100000000180": 0 })).toEqual([]);
  });
});
