import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminBooksPage from "./AdminBooksPage";
import { fpOf, monthOfFp, periodQuery } from "./files";

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

const NOT_FILED = { fp: "102026", quarterly: false, filed: null, cannotMark: "", amendments: [] };
const FILING = { "GET /api/books/gstr1/filing?period=102026": { body: NOT_FILED } };
const AMENDMENT = {
  invoice: "SMLR/2026-27/000004",
  date: "2026-10-08",
  originalPeriod: "092026",
  oldGstin: "",
  newGstin: "37AAPFU0939F1ZU",
  buyerName: "Sri Lakshmi Caterers",
  value: 565.5,
  byHand: false,
};

afterEach(() => vi.unstubAllGlobals());

describe("the owner's books", () => {
  it("reads a month as the return period MMYYYY, a quarter by its last month", () => {
    expect(fpOf("2026-10")).toBe("102026");
    expect(periodQuery("2026-12", true)).toBe("period=122026&quarterly=true");
    expect(monthOfFp("092026")).toBe("2026-09");
  });

  it("shows GSTR-3B's figures of the chosen month and the registers of its dates", async () => {
    mockFetch({ "GET /api/books/gstr3b?period=102026": { body: { summary: SUMMARY, json: {} } }, ...FILING });
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
      ...FILING,
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

  it("marks the month's GSTR-1 filed and lists the amendments the return carries", async () => {
    const fetchMock = mockFetch({
      "GET /api/books/gstr3b?period=102026": { body: { summary: SUMMARY, json: {} } },
      "GET /api/books/gstr1/filing?period=102026": { body: { ...NOT_FILED, amendments: [AMENDMENT] } },
      "POST /api/books/gstr1/filing": {
        status: 201,
        body: { ...NOT_FILED, filed: { at: "2026-11-11T10:30:00+05:30", by: "Owner" }, amendments: [AMENDMENT] },
      },
    });
    const user = userEvent.setup();
    render(<AdminBooksPage initialMonth="2026-10" />);

    expect(await screen.findByText("SMLR/2026-27/000004")).toBeInTheDocument();
    expect(screen.getByText("Filed in September 2026, ₹565.50")).toBeInTheDocument();
    expect(screen.getByText("a consumer → 37AAPFU0939F1ZU (Sri Lakshmi Caterers)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Mark GSTR-1 filed for October 2026" }));
    expect(await screen.findByText(/^Marked filed on 11 Nov 2026.* by Owner\.$/)).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/books/gstr1/filing")).toEqual({ period: "102026" });
    expect(screen.queryByRole("button", { name: /Mark GSTR-1 filed/ })).not.toBeInTheDocument();
  });

  it("says why a return cannot be marked filed yet, in the server's words", async () => {
    mockFetch({
      "GET /api/books/gstr3b?period=102026": { body: { summary: SUMMARY, json: {} } },
      "GET /api/books/gstr1/filing?period=102026": { body: { ...NOT_FILED, cannotMark: "GSTR-1 for 102026 can be filed only after 2026-10-31, the period's last day." } },
    });
    render(<AdminBooksPage initialMonth="2026-10" />);
    expect(await screen.findByText(/can be filed only after 2026-10-31/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark GSTR-1 filed for October 2026" })).toBeDisabled();
  });
});
