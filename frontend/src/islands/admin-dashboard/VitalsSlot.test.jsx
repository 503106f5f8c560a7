import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../../lib/i18n";
import { mockFetch } from "../../lib/testing/mockFetch";
import VitalsSlot, { formatP75 } from "./VitalsSlot";

const summary = (p75, unit, rating, good, needsImprovement, poor, count = 40) => ({ p75, unit, rating, count, good, needsImprovement, poor });
const REPORT = {
  days: 28,
  pages: [
    { page: "admin_orderlist", title: "Orders", count: 40, metrics: { LCP: summary(2310, "ms", "good", 0.8, 0.15, 0.05), CLS: summary(0.31, "", "poor", 0.5, 0.2, 0.3, 12) } },
    { page: "home", title: "Home", count: 3, metrics: { INP: summary(240, "ms", "needs-improvement", 0.333, 0.667, 0, 3) } },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard's Core Web Vitals", () => {
  it("draws p75 with its unit and rating, the samples and the shares per page and metric", async () => {
    const fetchMock = mockFetch({ "GET /api/reports/vitals?days=28": { body: REPORT } });
    render(<VitalsSlot />);

    const lcp = (await screen.findByText("2,310 ms", { exact: false })).closest("tr");
    expect(lcp.closest("tbody").rows[0]).toHaveTextContent(/^Page: Orders$/); // the server's name for people, not its key
    expect(within(lcp).getByRole("rowheader")).toHaveTextContent("LCP");
    expect(lcp).toHaveTextContent("good");
    expect(within(lcp).getAllByRole("cell")[1]).toHaveTextContent("40");
    expect(lcp).toHaveTextContent("80% / 15% / 5%");
    const cls = screen.getByText("CLS").closest("tr");
    expect(cls).toHaveTextContent("0.31");
    expect(cls.querySelector(".dashboard-vitals__p75--poor")).not.toBeNull();
    expect(screen.getByText("INP").closest("tr")).toHaveTextContent("33% / 67% / 0%");
    expect(screen.getByText("INP").closest("tbody").rows[0]).toHaveTextContent(/^Page: Home$/);
    expect(screen.getAllByRole("row")).toHaveLength(6); // the heading row, two pages and three metrics
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says when no shopper has reported yet, in Telugu too", async () => {
    mockFetch({ "GET /api/reports/vitals?days=28": { body: { days: 28, pages: [] } } });
    render(<VitalsSlot />);
    expect(await screen.findByText("No field data yet")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();

    await setLanguage("te");
    expect(await screen.findByText("ఇంకా ఫీల్డ్ డేటా లేదు")).toBeInTheDocument();
  });

  it("shows the server's refusal and no table", async () => {
    mockFetch({ "GET /api/reports/vitals?days=28": { status: 403, body: { message: "Not authorized as an admin" } } });
    render(<VitalsSlot />);
    expect(await screen.findByText("Not authorized as an admin")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("writes milliseconds whole with their unit and CLS with two decimals", () => {
    expect(formatP75(1234.6, "ms")).toBe("1,235 ms");
    expect(formatP75(0.1, "")).toBe("0.10");
  });
});
