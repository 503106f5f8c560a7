import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import { setLanguage } from "../../lib/i18n";
import Invoice from "./Invoice";

// Figures as the server sends them (orders/tax.py): 3 × 99.99 rice at 5 % and 1 × 33.33 soap at
// 18 %, delivered in Amalapuram (CGST + SGST) or Yanam (IGST).
const rice = {
  productId: "1", brandId: "11", financialId: "101", name: "Sona Masoori Rice", brand: "India Gate", quantity: "5",
  units: "kg", qty: 3, price: 99.99, mrp: 120, image: "/media/rice.svg", lineTotal: 299.97,
  hsnCode: "1006", gstRate: 5, taxableValue: 285.69, tax: 14.28,
};
const soap = {
  productId: "2", brandId: "21", financialId: "201", name: "Bathing Soap", brand: "Lux", quantity: "100", units: "g",
  qty: 1, price: 33.33, mrp: 40, image: "/media/soap.svg", lineTotal: 33.33,
  hsnCode: "3401", gstRate: 18, taxableValue: 28.25, tax: 5.08,
};
const base = {
  _id: "Xy7pQ2rT9vLm3nB8kD4s", createdAt: "2026-11-20T10:00:00Z", invoiceNumber: "SMLR-2026-000042",
  user: { name: "Demo Customer", phoneNo: "9000000002" }, paymentMethod: "Cash Or UPI",
  itemsPrice: 333.3, shippingPrice: 0, totalPrice: 333.3,
  totalInWords: "Rupees Three Hundred Thirty-Three and Thirty Paise Only",
};
const rateRow = (rate, taxableValue, tax, split) => ({ rate, taxableValue, tax, total: taxableValue + tax, ...split });

const withinState = {
  ...base,
  shippingAddress: { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" },
  orderItems: [
    { ...rice, cgst: 7.14, sgst: 7.14, igst: 0 },
    { ...soap, cgst: 2.54, sgst: 2.54, igst: 0 },
  ],
  gst: {
    storeGstin: "37ABCDE1234F1Z5", storeState: "Andhra Pradesh", storeStateCode: "37",
    placeOfSupply: "Andhra Pradesh", placeOfSupplyCode: "37", interstate: false, deliverySac: "996813", delivery: null,
    rates: [
      rateRow(5, 285.69, 14.28, { cgst: 7.14, sgst: 7.14, igst: 0 }),
      rateRow(18, 28.25, 5.08, { cgst: 2.54, sgst: 2.54, igst: 0 }),
    ],
    totals: { rate: 0, taxableValue: 313.94, tax: 19.36, total: 333.3, cgst: 9.68, sgst: 9.68, igst: 0 },
  },
};
const toYanam = {
  ...withinState,
  shippingAddress: { street: "3 Beach Road", city: "Yanam", postalCode: "533464" },
  orderItems: [
    { ...rice, cgst: 0, sgst: 0, igst: 14.28 },
    { ...soap, taxableValue: 28.24, tax: 5.09, cgst: 0, sgst: 0, igst: 5.09 },
  ],
  gst: {
    ...withinState.gst,
    placeOfSupply: "Puducherry", placeOfSupplyCode: "34", interstate: true,
    rates: [
      rateRow(5, 285.69, 14.28, { cgst: 0, sgst: 0, igst: 14.28 }),
      rateRow(18, 28.24, 5.09, { cgst: 0, sgst: 0, igst: 5.09 }),
    ],
    totals: { rate: 0, taxableValue: 313.93, tax: 19.37, total: 333.3, cgst: 0, sgst: 0, igst: 19.37 },
  },
};

const cells = (row) => within(row).getAllByRole("cell").map((cell) => cell.textContent);
const headers = (table) => within(table).getAllByRole("columnheader").map((cell) => cell.textContent);
const linesTable = (invoice) => within(invoice).getAllByRole("table")[0];

beforeEach(() => {
  Object.assign(config, {
    storeName: "SMLR Mart", gstNumber: "37ABCDE1234F1Z5", fssaiNumber: "10123456000123",
    supportPhone: "+91 98765 43210", supportEmail: "care@smlrmart.in", storeAddress: "Main Road, Amalapuram",
  });
});
afterEach(async () => {
  await act(() => setLanguage("en"));
});

describe("tax invoice", () => {
  it("is titled Tax Invoice with the store's GSTIN and state and the place of supply", () => {
    render(<Invoice order={withinState} />);
    const invoice = screen.getByRole("article", { name: "Invoice" });
    expect(within(invoice).getByRole("heading", { level: 2 })).toHaveTextContent("Tax Invoice");
    for (const text of ["GST No: 37ABCDE1234F1Z5", "State: Andhra Pradesh (code 37)", "Place of Supply", "Andhra Pradesh (37)"]) {
      expect(within(invoice).getByText(text)).toBeInTheDocument();
    }
  });

  it("within the state shows each line's HSN, rate, taxable value, CGST and SGST, as the server sent them", () => {
    render(<Invoice order={withinState} />);
    const lines = linesTable(screen.getByRole("article", { name: "Invoice" }));
    expect(headers(lines)).toEqual(["#", "Item", "HSN", "Qty", "Price", "GST", "Taxable Value", "CGST", "SGST", "Amount"]);
    const [first, second] = within(lines).getAllByRole("row").slice(1);
    expect(cells(first)).toEqual(
      ["1", "Sona Masoori RiceIndia Gate · 5 kg", "1006", "3", "₹99.99", "5%", "₹285.69", "₹7.14", "₹7.14", "₹299.97"],
    );
    expect(cells(second)).toEqual(
      ["2", "Bathing SoapLux · 100 g", "3401", "1", "₹33.33", "18%", "₹28.25", "₹2.54", "₹2.54", "₹33.33"],
    );
    expect(screen.getByText(/split equally into CGST and SGST/)).toBeInTheDocument();
  });

  it("sums up each rate and the whole invoice, with the total in words", () => {
    render(<Invoice order={withinState} />);
    const summary = screen.getByRole("table", { name: "GST Summary" });
    expect(headers(summary)).toEqual(["GST", "Taxable Value", "CGST", "SGST", "Total GST", "Amount"]);
    const rows = within(summary).getAllByRole("row").slice(1);
    expect(rows.map((row) => [within(row).getByRole("rowheader").textContent, ...cells(row)])).toEqual([
      ["5%", "₹285.69", "₹7.14", "₹7.14", "₹14.28", "₹299.97"],
      ["18%", "₹28.25", "₹2.54", "₹2.54", "₹5.08", "₹33.33"],
      ["Total", "₹313.94", "₹9.68", "₹9.68", "₹19.36", "₹333.30"],
    ]);
    expect(screen.getByText("Rupees Three Hundred Thirty-Three and Thirty Paise Only")).toBeInTheDocument();
  });

  it("for Yanam (Puducherry) shows IGST and no CGST or SGST", () => {
    render(<Invoice order={toYanam} />);
    const invoice = screen.getByRole("article", { name: "Invoice" });
    expect(within(invoice).getByText("Puducherry (34)")).toBeInTheDocument();
    const lines = linesTable(invoice);
    expect(headers(lines)).toEqual(["#", "Item", "HSN", "Qty", "Price", "GST", "Taxable Value", "IGST", "Amount"]);
    expect(cells(within(lines).getAllByRole("row")[2])).toContain("₹5.09");
    expect(headers(screen.getByRole("table", { name: "GST Summary" }))).not.toContain("CGST");
    expect(screen.getByText(/Inter-state supply: the GST is IGST/)).toBeInTheDocument();
  });

  it("shows a delivery charge as a line of its own with its SAC code", () => {
    const delivery = { rate: 18, taxableValue: 33.9, tax: 6.1, total: 40, cgst: 3.05, sgst: 3.05, igst: 0 };
    render(<Invoice order={{ ...withinState, gst: { ...withinState.gst, delivery } }} />);
    const rows = within(linesTable(screen.getByRole("article", { name: "Invoice" }))).getAllByRole("row");
    expect(cells(rows[3])).toEqual(
      ["3", "Delivery charges", "SAC 996813", "1", "₹40.00", "18%", "₹33.90", "₹3.05", "₹3.05", "₹40.00"],
    );
  });

  it("shows an order placed before GST was recorded as the plain invoice it was, saying why", () => {
    const old = {
      ...base,
      shippingAddress: withinState.shippingAddress,
      orderItems: [{ ...rice, hsnCode: "", gstRate: null, taxableValue: null, tax: null, cgst: null, sgst: null, igst: null }],
      gst: null,
    };
    render(<Invoice order={old} />);
    const invoice = screen.getByRole("article", { name: "Invoice" });
    expect(within(invoice).getByRole("heading", { level: 2 })).toHaveTextContent(/^Invoice$/);
    expect(headers(linesTable(invoice))).toEqual(["#", "Item", "Brand", "Pack", "Qty", "Price", "Total"]);
    expect(within(invoice).queryByRole("table", { name: "GST Summary" })).toBeNull();
    expect(within(invoice).getByText(/placed before GST details were recorded/)).toBeInTheDocument();
  });

  it("reads in Telugu with the figures unchanged", async () => {
    await act(() => setLanguage("te"));
    render(<Invoice order={withinState} />);
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("పన్ను ఇన్‌వాయిస్");
    expect(screen.getByText("సరఫరా స్థలం")).toBeInTheDocument();
    expect(screen.getByText("₹313.94")).toBeInTheDocument();
  });
});
