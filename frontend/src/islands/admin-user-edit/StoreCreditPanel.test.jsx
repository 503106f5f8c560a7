import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import StoreCreditPanel from "./StoreCreditPanel";

vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { toast } = await import("../../lib/toast");

const entry = (id, amount, reason, extra = {}) => ({
  _id: id,
  kind: "credit",
  amount,
  reason,
  orderId: null,
  by: "Lakshmi Admin",
  createdAt: "2026-12-04T10:00:00Z",
  ...extra,
});
const credit = {
  balance: 90,
  limit: 200,
  entries: [entry("2", 30, "Order X cancelled", { kind: "debit", by: null, orderId: "ORD1" }), entry("1", 120, "Late delivery")],
};

beforeEach(() => vi.mocked(toast.success).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("the user's store credit panel", () => {
  it("shows the balance, the ledger with who and why, and the caller's limit", async () => {
    mockFetch({ "GET /api/users/2/credit": { body: credit } });
    render(<StoreCreditPanel userId="2" />);
    expect(await screen.findByText("₹90.00")).toBeInTheDocument();
    const ledger = screen.getByRole("list", { name: "Recent store credit entries" });
    const rows = within(ledger).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Order X cancelled");
    expect(rows[0]).toHaveTextContent("−₹30.00");
    expect(within(rows[0]).getByRole("link", { name: "Order ORD1" })).toHaveAttribute("href", "/order/ORD1");
    expect(rows[1]).toHaveTextContent("by Lakshmi Admin");
    expect(rows[1]).toHaveTextContent("+₹120.00");
    expect(screen.getByText("You may give up to ₹200.00 at once.")).toBeInTheDocument();
  });

  it("gives goodwill credit with a reason and shows the server's new balance", async () => {
    const given = entry("3", 50, "Bruised mangoes");
    const fetchMock = mockFetch({
      "GET /api/users/2/credit": { body: { ...credit, limit: null } },
      "POST /api/users/2/credit": { status: 201, body: { ...credit, balance: 140, limit: null, entries: [given, ...credit.entries], entry: given } },
    });
    render(<StoreCreditPanel userId="2" />);
    await userEvent.type(await screen.findByLabelText("Amount (₹)"), "50");
    await userEvent.type(screen.getByLabelText("Reason"), "Bruised mangoes");
    expect(screen.queryByText(/You may give up to/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Give store credit" }));
    expect(await screen.findByText("₹140.00")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/users/2/credit")).toEqual({ amount: "50", reason: "Bruised mangoes" });
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith("/api/users/2/credit") && init?.method === "POST");
    expect(new Headers(post[1].headers).get("Idempotency-Key")).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("Store credit given: ₹50.00");
    expect(screen.getByLabelText("Amount (₹)")).toHaveValue("");
  });

  it("shows the server's refusal over the cashier's limit and keeps what was typed", async () => {
    mockFetch({
      "GET /api/users/2/credit": { body: credit },
      "POST /api/users/2/credit": {
        status: 403,
        body: { message: "A cashier may give at most ₹200.00 at once; ask the manager for more.", code: "goodwill_over_limit", limit: 200 },
      },
    });
    render(<StoreCreditPanel userId="2" />);
    await userEvent.type(await screen.findByLabelText("Amount (₹)"), "250");
    await userEvent.type(screen.getByLabelText("Reason"), "Kind");
    await userEvent.click(screen.getByRole("button", { name: "Give store credit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A cashier may give at most ₹200.00 at once; ask the manager for more.");
    expect(screen.getByLabelText("Amount (₹)")).toHaveValue("250");
    expect(screen.getByText("₹90.00")).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
