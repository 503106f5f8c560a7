import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import StockPage from "./StockPage";
import { byBand, countsBody, packChoices, purchaseBody, sheetEntries, sheetSummary, sumMoney, tabOf } from "./stock";

afterEach(() => vi.unstubAllGlobals());

const SUPPLIER = { id: 3, name: "Godavari Traders", gstin: "37AAPFU0939F1ZV", state: "Andhra Pradesh", interstate: false, phone: "9848012345", address: "", leadTimeDays: 2 };
const LINE = { id: 11, financialId: "5", pack: "Sona Rice, Lalitha 1 kg", qty: 24, unitCost: 70, gstRate: 5, taxableValue: 1680, cgst: 42, sgst: 42, igst: 0, total: 1764, batchNumber: "B-101", packedOn: null, bestBefore: "2027-06-01", mrp: 100 };
const DRAFT = { id: 7, supplier: SUPPLIER, invoiceNumber: "GT-501", invoiceDate: "2026-12-01", status: "draft", interstate: false, postedAt: null, lines: [LINE], totals: { taxableValue: 1680, cgst: 42, sgst: 42, igst: 0, total: 1764 }, returns: [] };
const SEARCH = { products: [{ name: "Sona Rice", details: [{ brand: "Lalitha", financials: [{ _id: "5", quantity: "1", units: "kg" }] }] }] };

describe("the stock screens' logic", () => {
  it("reads the tab from the address and shapes the bodies as typed", () => {
    expect(tabOf("#take")).toBe("take");
    expect(tabOf("#nonsense")).toBe("purchases");
    const body = purchaseBody({ supplierId: "3", invoiceNumber: "GT-501", invoiceDate: "2026-12-01", lines: [{ key: 1, financialId: "5", pack: "Rice", qty: "24", unitCost: "70", gstRate: "5", batchNumber: "B", bestBefore: "2027-06-01", mrp: "100", packedOn: "" }] });
    expect(body).toEqual({ supplierId: 3, invoiceNumber: "GT-501", invoiceDate: "2026-12-01", lines: [{ financialId: "5", qty: "24", unitCost: "70", gstRate: "5", batchNumber: "B", bestBefore: "2027-06-01", mrp: "100", packedOn: null }] });
    expect(purchaseBody({ supplierId: "", invoiceNumber: "", invoiceDate: "", lines: [] }).supplierId).toBeNull();
    const entries = sheetEntries([
      { financialId: "5", counted: 12, reason: "found" },
      { financialId: "6", counted: null, reason: "count_correction" },
    ]);
    expect(countsBody(entries)).toEqual({
      counts: [
        { financialId: "5", counted: 12, reason: "found" },
        { financialId: "6", counted: null, reason: "count_correction" },
      ],
    });
    expect(countsBody({ 7: { counted: "", reason: "" } })).toEqual({ counts: [{ financialId: "7", counted: null, reason: null }] });
    expect(packChoices(SEARCH)).toEqual([{ financialId: "5", label: "Lalitha Sona Rice 1 kg" }]);
  });

  it("adds the server's amounts in paise and splits the near-expiry bands", () => {
    expect(sumMoney([0.1, 0.2, null, "-70.05"])).toBe(-69.75);
    const lines = [
      { counted: 8, difference: -2, value: -140 },
      { counted: 5, difference: 0, value: 0 },
      { counted: 1, difference: 1, value: null },
      { counted: null, difference: null, value: null },
    ];
    expect(sheetSummary(lines)).toEqual({ packs: 4, counted: 3, differing: 2, value: -140, costUnknown: 1 });
    expect(byBand([{ band: "soon" }, { band: "watch" }, { band: "soon" }]).soon).toHaveLength(2);
  });
});

describe("the purchases tab", () => {
  it("enters a purchase, shows the server's refusal against its line, then its GST and totals, and a second post's refusal", async () => {
    let tries = 0;
    const fetchMock = mockFetch({
      "GET /api/inventory/purchases": { body: [] },
      "GET /api/inventory/suppliers": { body: [SUPPLIER] },
      "GET /api/products?keyword=rice&pageSize=8": { body: SEARCH },
      "POST /api/inventory/purchases": () => {
        tries += 1;
        return tries === 1
          ? { status: 400, body: { message: "Line 1: Sona Rice, Lalitha 1 kg sells at ₹90.00, above the MRP ₹80.00 printed on batch B-101: lower its selling price first.", code: "price_above_mrp", line: 1, sellingPrice: "90.00", mrp: "80.00" } }
          : { status: 201, body: DRAFT };
      },
      "GET /api/inventory/purchases/7": { body: DRAFT },
      "POST /api/inventory/purchases/7/post": { status: 409, body: { message: "This purchase was already posted.", code: "already_posted" } },
    });
    const user = userEvent.setup();
    render(<StockPage initialTab="purchases" />);
    expect(await screen.findByText(/No purchase entered yet/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New purchase" }));
    await user.selectOptions(await screen.findByLabelText("Supplier"), "3");
    await user.type(screen.getByLabelText("Supplier's invoice number"), "GT-501");
    fireEvent.change(screen.getByLabelText("Invoice date"), { target: { value: "2026-12-01" } });
    await user.type(screen.getByLabelText("Pack"), "rice");
    await user.click(screen.getByRole("button", { name: "Find" }));
    await user.click(await screen.findByRole("button", { name: "Lalitha Sona Rice 1 kg" }));
    await user.type(screen.getByLabelText("Quantity"), "24");
    await user.type(screen.getByLabelText("Cost before GST (₹)"), "70");
    await user.type(screen.getByLabelText("GST rate (%)"), "5");
    await user.type(screen.getByLabelText("Batch number"), "B-101");
    fireEvent.change(screen.getByLabelText("Best before"), { target: { value: "2027-06-01" } });
    await user.type(screen.getByLabelText("MRP (₹)"), "80");
    await user.click(screen.getByRole("button", { name: "Save as draft" }));

    const line = screen.getByRole("group", { name: "Line 1" });
    expect(await within(line).findByText(/above the MRP ₹80.00/)).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/inventory/purchases")).toMatchObject({ supplierId: 3, invoiceNumber: "GT-501", lines: [{ financialId: "5", qty: "24", mrp: "80" }] });

    await user.clear(screen.getByLabelText("MRP (₹)"));
    await user.type(screen.getByLabelText("MRP (₹)"), "100");
    await user.click(screen.getByRole("button", { name: "Save as draft" }));
    const figures = await screen.findByLabelText("Invoice totals");
    expect(within(figures).getByText("₹1,764.00")).toBeInTheDocument();
    expect(within(figures).getAllByText("₹42.00")).toHaveLength(2); // CGST and SGST, as the server split them
    expect(screen.queryByText("IGST")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Post to stock" }));
    expect(await screen.findByText("This purchase was already posted.")).toBeInTheDocument();
  }, 30000);
});

describe("the stock take tab", () => {
  it("starts a sheet for a category, saves counts, shows the differences at cost and posts", async () => {
    const line = { financialId: "5", pack: "Sona Rice, Lalitha 1 kg", expected: 10, counted: null, difference: null, reason: "count_correction", reasonLabel: "Count correction", unitCost: 70, value: null };
    const reasons = [
      { value: "count_correction", label: "Count correction" },
      { value: "damaged", label: "Damaged" },
    ];
    const sheet = { id: 4, category: "Rice", status: "counting", startedAt: "2026-12-04T10:00:00Z", postedAt: null, reasons, lines: [line] };
    const counted = { ...sheet, lines: [{ ...line, counted: 8, difference: -2, value: -140, reason: "damaged", reasonLabel: "Damaged" }] };
    const fetchMock = mockFetch({
      "GET /api/inventory/stock-takes": { body: [] },
      "GET /api/inventory/categories": { body: { categories: [{ id: 2, name: "Rice", nameTe: "బియ్యం" }] } },
      "POST /api/inventory/stock-takes": { status: 201, body: sheet },
      "GET /api/inventory/stock-takes/4": { body: sheet },
      "PUT /api/inventory/stock-takes/4": { body: counted },
      "POST /api/inventory/stock-takes/4/post": { body: { ...counted, status: "posted", postedAt: "2026-12-04T11:00:00Z" } },
    });
    const user = userEvent.setup();
    render(<StockPage initialTab="take" />);
    expect(await screen.findByText("No stock take yet.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Count"), "2");
    await user.click(screen.getByRole("button", { name: "Start a count sheet" }));
    expect(sentBody(fetchMock, "POST", "/api/inventory/stock-takes")).toEqual({ categoryId: 2 });

    await user.type(await screen.findByLabelText("Count of Sona Rice, Lalitha 1 kg"), "8");
    expect(screen.getByLabelText("Reason for Sona Rice, Lalitha 1 kg")).toHaveValue("count_correction");
    await user.selectOptions(screen.getByLabelText("Reason for Sona Rice, Lalitha 1 kg"), "damaged");
    await user.click(screen.getByRole("button", { name: "Save counts" }));
    expect(await screen.findByText("-2")).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", "/api/inventory/stock-takes/4")).toEqual({ counts: [{ financialId: "5", counted: "8", reason: "damaged" }] });
    const summary = screen.getByLabelText("What the count found");
    expect(within(summary).getByText("-₹140.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Post the differences" }));
    expect(await screen.findByText(/the counted packs are put right/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Post the differences" })).not.toBeInTheDocument();
    // Posted, the reason is shown on the difference it explains, no longer a choice.
    expect(screen.getByText("Damaged")).toBeInTheDocument();
    expect(screen.queryByLabelText("Reason for Sona Rice, Lalitha 1 kg")).not.toBeInTheDocument();
  }, 30000);
});

describe("the report tabs", () => {
  it("lists near-expiry batches by band with their value at cost", async () => {
    mockFetch({
      "GET /api/inventory/near-expiry": {
        body: {
          soonDays: 7,
          watchDays: 30,
          value: 350,
          batches: [{ financialId: "5", pack: "Curd 500 g", category: "Dairy", band: "soon", daysLeft: 3, count: 10, value: 350, batch: { id: 1, batchNumber: "C-1", bestBefore: "2026-12-07", unitCost: 35 } }],
        },
      },
    });
    render(<StockPage initialTab="expiry" />);
    const soon = await screen.findByRole("region", { name: "Within 7 days" });
    expect(within(soon).getByText("C-1")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Within 30 days" })).getByText("No batch here.")).toBeInTheDocument();
  });

  it("says when nothing needs reordering, and shows the server's error on margins", async () => {
    mockFetch({
      "GET /api/inventory/reorder": { body: { suppliers: [] } },
      "GET /api/inventory/margins?days=30&by=category": { status: 500, body: { message: "" } },
    });
    const user = userEvent.setup();
    render(<StockPage initialTab="reorder" />);
    expect(await screen.findByText("No pack is at or under its reorder level.")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Margins" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });

  it("sends a supplier's reorder list as the server's WhatsApp message", async () => {
    const whatsappUrl = "https://wa.me/919848012345?text=Purchase%20order";
    const lines = [{ financialId: "5", pack: "Sona Rice, Lalitha 1 kg", inStock: 2, reorderLevel: 5, sold28Days: 28, qty: 6 }];
    mockFetch({ "GET /api/inventory/reorder": { body: { suppliers: [{ supplier: SUPPLIER, message: "Purchase order", whatsappUrl, lines }, { supplier: null, message: "x", whatsappUrl: null, lines }] } } });
    render(<StockPage initialTab="reorder" />);
    const link = await screen.findByRole("link", { name: "Send to Godavari Traders on WhatsApp" });
    expect(link).toHaveAttribute("href", whatsappUrl);
    expect(screen.getAllByRole("link", { name: /on WhatsApp/ })).toHaveLength(1);
  });

  it("sends a supplier's reorder list by SMS through the server, and says when it went already", async () => {
    const lines = [{ financialId: "5", pack: "Sona Rice, Lalitha 1 kg", inStock: 2, reorderLevel: 5, sold28Days: 28, qty: 6 }];
    let alreadySent = false;
    const fetchMock = mockFetch({
      "GET /api/inventory/reorder": { body: { suppliers: [{ supplier: SUPPLIER, message: "Purchase order", whatsappUrl: "https://wa.me/919848012345", lines }] } },
      "POST /api/inventory/reorder/sms": () => {
        const body = { supplierId: "3", phone: "9848012345", message: "Purchase order", alreadySent };
        alreadySent = true;
        return { body };
      },
    });
    render(<StockPage initialTab="reorder" />);
    const send = await screen.findByRole("button", { name: "Send to Godavari Traders by SMS" });
    await userEvent.click(send);
    expect(await screen.findByText("Sent to 9848012345 by SMS.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/inventory/reorder/sms")).toEqual({ supplierId: "3" });
    await userEvent.click(send);
    expect(await screen.findByText("This order went to 9848012345 today already; not sent again.")).toBeInTheDocument();
  });

  it("names each pack of the margins by its label, so two sizes of one product differ", async () => {
    const row = (quantity, units) => ({
      category: "Sona Rice",
      categoryTe: "Lalitha",
      revenue: 100,
      cost: 70,
      margin: 30,
      marginPercent: 30,
      units: 1,
      pack: { brand: "Lalitha", name: "Sona Rice", nameTe: "సోనా బియ్యం", quantity, units },
    });
    mockFetch({
      "GET /api/inventory/margins?days=30&by=category": { body: { days: 30, by: "category", stockValue: 0, stockUnitsCostUnknown: 0, categories: [] } },
      "GET /api/inventory/margins?days=30&by=pack": { body: { days: 30, by: "pack", stockValue: 0, stockUnitsCostUnknown: 0, categories: [row("1", "kg"), row("5", "kg")] } },
    });
    const user = userEvent.setup();
    render(<StockPage initialTab="margins" />);
    await user.selectOptions(await screen.findByLabelText("By"), "pack");
    expect(await screen.findByRole("rowheader", { name: "Lalitha Sona Rice 1 kg" })).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "Lalitha Sona Rice 5 kg" })).toBeInTheDocument();
  });
});
