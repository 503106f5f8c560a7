import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import StoreCredit from "./StoreCredit";

describe("store credit", () => {
  it("shows the balance and the ledger, newest first as the server lists it", async () => {
    mockFetch({
      "GET /api/users/credit": {
        body: {
          balance: 154.5,
          entries: [
            { _id: "2", kind: "debit", amount: 100, reason: "Used at checkout", orderId: "Order000000000000002", createdAt: "2026-11-26T10:00:00Z" },
            { _id: "1", kind: "credit", amount: 254.5, reason: "Ticket T-2026-000001", orderId: "Order000000000000001", createdAt: "2026-11-25T10:00:00Z" },
          ],
        },
      },
    });
    render(<StoreCredit />);
    expect(await screen.findByText("₹154.50")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Store credit balance" })).toBeInTheDocument();
    const [debit, credit] = within(screen.getByRole("list", { name: "Store credit history" })).getAllByRole("listitem");
    expect(debit).toHaveTextContent("Used at checkout");
    expect(debit).toHaveTextContent("−₹100.00");
    expect(within(debit).getByRole("link", { name: "Order Order000000000000002" })).toHaveAttribute("href", "/order/Order000000000000002");
    expect(credit).toHaveTextContent("+₹254.50");
  });

  it("says when there is none", async () => {
    mockFetch({ "GET /api/users/credit": { body: { balance: 0, entries: [] } } });
    render(<StoreCredit headingLevel={2} />);
    expect(await screen.findByText("No store credit yet.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Store credit balance" })).toBeInTheDocument();
  });
});
