import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import AdminBooksPage from "./AdminBooksPage";
import { fpOf, periodQuery } from "./files";

const heads = (igst, cgst, sgst) => ({ igst, cgst, sgst });
const SUMMARY = {
  fp: "102026",
  quarterly: false,
  from: "2026-10-01",
  to: "2026-10-31",
  outward: { taxableValue: 2577.15, cgst: 32.46, sgst: 32.46, igst: 146.93, value: 2789 },
  exempt: 80,
  inputTaxAvailable: true,
  purchases: 2,
  debitNotes: 1,
  inputTax: heads(120, 184, 184),
  liability: heads(146.93, 32.46, 32.46),
  creditUsed: [],
  payableInCash: heads(0, 0, 0),
  carriedForward: heads(0, 124.61, 151.54),
};

afterEach(() => vi.unstubAllGlobals());

describe("the owner's books", () => {
  it("reads a month as the return period MMYYYY, a quarter by its last month", () => {
    expect(fpOf("2026-10")).toBe("102026");
    expect(periodQuery("2026-12", true)).toBe("period=122026&quarterly=true");
  });

  it("shows GSTR-3B's figures of the chosen month and the registers of its dates", async () => {
    mockFetch({ "GET /api/books/gstr3b?period=102026": { body: { summary: SUMMARY, json: {} } } });
    render(<AdminBooksPage initialMonth="2026-10" />);

    expect(await screen.findByText("₹2,577.15")).toBeInTheDocument();
    expect(screen.getByText("2 invoices, 1 debit notes")).toBeInTheDocument();
    const carried = screen.getByRole("row", { name: /Credit carried forward/ });
    expect(within(carried).getByText("₹151.54")).toBeInTheDocument();
    expect(screen.getByLabelText("From")).toHaveValue("2026-10-01");
    expect(screen.getByLabelText("To")).toHaveValue("2026-10-31");
    expect(screen.getByRole("button", { name: "GSTR-1 JSON" })).toBeEnabled();
  });

  it("shows the server's refusal of a future period and of a range across two years", async () => {
    mockFetch({
      "GET /api/books/gstr3b?period=102026": { body: { summary: SUMMARY, json: {} } },
      "GET /api/books/gstr3b?period=122099&quarterly=true": { status: 400, body: { message: "The period 122099 has not started yet.", code: "period_in_future" } },
      "GET /api/books/tally.xml?from=2026-03-31&to=2026-10-31": { status: 400, body: { message: "The dates are in two financial years.", code: "range_across_years" } },
    });
    const user = userEvent.setup();
    render(<AdminBooksPage initialMonth="2026-10" />);
    await screen.findByText("₹2,577.15");

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-31" } });
    await user.click(screen.getByRole("button", { name: "XML" }));
    expect(await screen.findByText("The dates are in two financial years.")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Return month"), { target: { value: "2099-12" } });
    await user.click(screen.getByLabelText("Quarterly return (QRMP)"));
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("The period 122099 has not started yet.")).toBeInTheDocument();
  }, 20000);
});
