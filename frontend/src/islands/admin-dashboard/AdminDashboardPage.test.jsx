import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import AdminDashboardPage from "./AdminDashboardPage";

vi.mock("./VitalsSlot", () => ({ default: () => null }));
afterEach(() => vi.unstubAllGlobals());

const money = { count: 0, amount: 0 };
const dashboard = (daysOfCover) => ({
  period: "today",
  from: "2026-12-04",
  to: "2026-12-04",
  timeZone: "Asia/Kolkata",
  orders: 0,
  sales: 0,
  revenue: 0,
  averageBasket: 0,
  newCustomers: 0,
  signUps: 0,
  paymentMix: [],
  salesByChannel: [],
  refunds: money,
  creditGiven: money,
  cancellations: 0,
  tickets: { open: 0, oldestAgeHours: null, acknowledgeOverdue: 0, resolveOverdue: 0, approvedInPeriod: 0, approvedAmount: 0 },
  salesByDay: [{ date: "2026-12-04", orders: 0, sales: 0 }],
  salesByCategory: [],
  topPacks: [],
  slowMovers: [],
  ordersBySlot: { slots: [], withoutSlot: 0 },
  lowStock: [],
  daysOfCover,
});

describe("the dashboard's days of cover", () => {
  it("lists the server's lowest-cover packs with their stock, daily sales and days left", async () => {
    const packs = [{ packId: 3, name: "Sunflower Oil", brand: "Fortune", pack: "1 l", inStock: 30, soldPerDay: 0.1, days: 210 }];
    mockFetch({ "GET /api/reports/dashboard?period=today": { body: dashboard({ salesDays: 28, packs }) } });
    render(<AdminDashboardPage />);
    const section = (await screen.findByRole("heading", { name: "Days of cover" })).closest("section");
    expect(within(section).getByText(/average daily sales of the last 28 days/)).toBeInTheDocument();
    const row = within(section).getByRole("rowheader", { name: "Fortune Sunflower Oil 1 l" }).closest("tr");
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["30", "0.1", "210"]);
  });

  it("says so when nothing sold in those days", async () => {
    mockFetch({ "GET /api/reports/dashboard?period=today": { body: dashboard({ salesDays: 28, packs: [] }) } });
    render(<AdminDashboardPage />);
    expect(await screen.findByText("No pack sold in the last 28 days.")).toBeInTheDocument();
  });
});

describe("the dashboard's ONDC figure", () => {
  const figure = (term) => screen.queryByText(term, { selector: "dt" });

  it("shows the buyer apps' finder fees with the ONDC sales and TCS they were on", async () => {
    const ondc = { orders: 2, sales: 1197, finderFee: 35.91, tcs: 5.7, net: 1161.09 };
    mockFetch({ "GET /api/reports/dashboard?period=today": { body: { ...dashboard(null), ondc } } });
    render(<AdminDashboardPage />);
    const shown = (await screen.findByText("ONDC finder fees", { selector: "dt" })).closest(".dashboard-figure");
    expect(within(shown).getByText("₹35.91")).toBeInTheDocument();
    expect(within(shown).getByText("On ONDC sales of ₹1,197.00 · TCS ₹5.70")).toBeInTheDocument();
  });

  it("is left out while the shop has no ONDC sales in the period", async () => {
    const ondc = { orders: 0, sales: 0, finderFee: 0, tcs: 0, net: 0 };
    mockFetch({ "GET /api/reports/dashboard?period=today": { body: { ...dashboard(null), ondc } } });
    render(<AdminDashboardPage />);
    await screen.findByText("Revenue", { selector: "dt" });
    expect(figure("ONDC finder fees")).toBeNull();
  });
});
