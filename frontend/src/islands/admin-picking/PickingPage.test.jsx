import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import PickingPage, { readSheetQuery, sheetUrl } from "./PickingPage";

afterEach(() => vi.unstubAllGlobals());

const QUERY = "window=3&date=2026-11-27";
const SLOT = "Fri 27 Nov, 7:00–10:00";

describe("staff's sheets for a delivery window", () => {
  it("reads the window and date from the address and links the sheets to each other", () => {
    expect(readSheetQuery("?window=3&date=2026-11-27")).toEqual({ window: "3", date: "2026-11-27" });
    expect(sheetUrl("deliverysheet", "3", "2026-11-27")).toBe(`/admin/deliverysheet?${QUERY}`);
  });

  it("shows the pick list by shelf with each pack's count, and a Print button", async () => {
    mockFetch({
      [`GET /api/orders/picklist?${QUERY}`]: {
        body: {
          window: "3",
          date: "2026-11-27",
          slot: SLOT,
          orders: 2,
          packs: 5,
          categories: [
            { name: "OILS", nameTe: "నూనెలు", packs: 5, lines: [{ _id: "7", name: "Sunflower Oil", nameTe: "", brand: "Fortune", pack: "1 L", packs: 5, orders: 2 }] },
          ],
        },
      },
    });
    render(<PickingPage sheet="picklist" windowId="3" date="2026-11-27" />);

    const row = (await screen.findByText("Sunflower Oil")).closest("tr");
    expect(within(row).getByText("5")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /OILS/ })).toBeInTheDocument();
    expect(screen.getByText(SLOT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Delivery sheet" })).toHaveAttribute("href", `/admin/deliverysheet?${QUERY}`);
    const print = vi.fn();
    vi.stubGlobal("print", print);
    screen.getByRole("button", { name: "Print" }).click();
    expect(print).toHaveBeenCalledOnce();
  });

  it("shows a packing slip's lines under the pick list's columns, without its orders column", async () => {
    const line = { name: "Sunflower Oil", nameTe: "", brand: "Fortune", pack: "1 L", qty: 3 };
    const slip = { _id: "9", number: 1, customer: "Asha", phoneNo: "9876500011", street: "1 Main Rd", city: "Guntur", postalCode: "522001" };
    const body = { slot: SLOT, slips: [{ ...slip, invoiceNumber: "INV-1", paymentState: "paid", toCollect: 0, substitutionPreference: "call", packs: 3, lines: [line] }] };
    mockFetch({ [`GET /api/orders/packing-slips?${QUERY}`]: { body } });
    render(<PickingPage sheet="packingslips" windowId="3" date="2026-11-27" />);

    const row = (await screen.findByText("Sunflower Oil")).closest("tr");
    expect([...row.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["", "Sunflower Oil", "Fortune", "1 L", "3"]);
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Picked", "Product", "Brand", "Pack", "Packs"]);
  });

  it("shows the delivery sheet's stops with phone numbers and what to collect", async () => {
    const stop = {
      number: 1,
      _id: "abc",
      invoiceNumber: "SM-2026-000001",
      customer: "Asha",
      phoneNo: "9876500011",
      street: "4 Temple Street",
      city: "Kakinada",
      postalCode: "533001",
      status: "placed",
      paymentMethod: "Cash Or UPI",
      paymentState: "cash_due",
      totalPrice: 943.5,
      toCollect: 943.5,
      substitutionPreference: "call",
    };
    mockFetch({ [`GET /api/orders/delivery-sheet?${QUERY}`]: { body: { window: "3", date: "2026-11-27", slot: SLOT, count: 1, toCollect: 943.5, stops: [stop] } } });
    render(<PickingPage sheet="deliverysheet" windowId="3" date="2026-11-27" />);

    expect(await screen.findByRole("link", { name: "9876500011" })).toHaveAttribute("href", "tel:9876500011");
    expect(screen.getByText("Cash/UPI on delivery")).toBeInTheDocument();
    expect(screen.getAllByText("₹943.50")).toHaveLength(2); // the stop and the total
    expect(screen.getByText(/^1 stop ·/)).toBeInTheDocument(); // one stop, not "1 stops"
  });

  it("asks for a window and date when the address names none", () => {
    render(<PickingPage sheet="packingslips" />);
    expect(screen.getByText("Choose a delivery window and a date first.")).toBeInTheDocument();
  });

  it("lists the chosen day's windows with a link to each sheet", async () => {
    mockFetch({
      "GET /api/slots/windows": {
        body: {
          windows: [
            { _id: "3", weekday: 4, weekdayLabel: "Friday", start: "07:00", end: "10:00", capacity: 20, cutoffHours: 2, active: true },
            { _id: "4", weekday: 0, weekdayLabel: "Monday", start: "07:00", end: "10:00", capacity: 20, cutoffHours: 2, active: true },
          ],
          holidays: [],
        },
      },
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T09:00:00"));
    try {
      render(<PickingPage />);
      expect(await screen.findByText("Friday 07:00–10:00")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByText(/Monday/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pick list" })).toHaveAttribute("href", `/admin/picklist?${QUERY}`);
  });
});
