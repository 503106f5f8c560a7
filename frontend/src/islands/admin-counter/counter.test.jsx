import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import { lookUp } from "./CounterPage";
import { sheetsOf } from "./Labels";
import { findInCatalog, offlineBillBody, offlineQuote, paiseOf, tillPacks } from "./offline";

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

describe("the counter offline", () => {
  const catalog = {
    packs: [
      { financialId: "12", name: "Toor Dal", nameTe: "కంది పప్పు", brand: "Tata", quantity: "500", units: "g", dprice: 80.5, codes: ["8901063010314"] },
      { financialId: "13", name: "Groundnut Oil", nameTe: "", brand: "Dhara", quantity: "1", units: "l", dprice: 145.5, codes: [] },
    ],
  };
  const packs = tillPacks(catalog);

  it("finds a scanned code exactly, and never guesses a pack for an unknown code", () => {
    expect(findInCatalog(packs, "8901063010314").map((pack) => pack.id)).toEqual(["12"]);
    expect(findInCatalog(packs, "8901063010321")).toEqual([]);
  });

  it("finds packs by the words of their name, in English or Telugu", () => {
    expect(findInCatalog(packs, "dal tata").map((pack) => pack.id)).toEqual(["12"]);
    expect(findInCatalog(packs, "పప్పు").map((pack) => pack.id)).toEqual(["12"]);
  });

  it("prices the lines in whole paise at the till's prices, and the bill keeps them", () => {
    const lines = [{ ...packs[0], qty: 3 }, { ...packs[1], qty: 1 }];
    expect(offlineQuote(lines).total).toBe(387);
    const body = offlineBillBody({ till: "CTR1", key: "k1", number: "CTR1/2026-27/000007", billedAt: "2026-12-03T06:00:00Z", lines, tenders: [{ method: "cash", amount: "387.00" }] });
    expect(body.lines).toEqual([{ financialId: "12", qty: 3, price: "80.50" }, { financialId: "13", qty: 1, price: "145.50" }]);
    expect(paiseOf("0.1") + paiseOf("0.2")).toBe(30);
  });
});
