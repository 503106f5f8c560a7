import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import MyOrdersTable from "./MyOrdersTable";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const paid = {
  _id: "PaidOrder0000000001", invoiceNumber: "SMLR/2026-27/000001", createdAt: "2026-05-03T18:30:00Z", totalPrice: 1234.5,
  isPaid: true, paidAt: "2026-05-04T09:00:00Z", isDelivered: true, deliveredAt: "2026-05-05T10:00:00Z",
  paymentState: "paid", refundedAmount: 0, canPay: false,
};
const unpaid = {
  _id: "OpenOrder0000000002", invoiceNumber: "SMLR/2026-27/000002", createdAt: "2026-05-01T10:00:00Z", totalPrice: 958,
  isPaid: false, paidAt: null, isDelivered: false, deliveredAt: null,
  paymentState: "pay_at_delivery", refundedAmount: 0, canPay: true,
};
// As the server answers them (orders/payment_state.py): a paid order cancelled and refunded, and
// a cash order cancelled before it was paid.
const refunded = {
  ...paid, _id: "RefundedOrder000003", invoiceNumber: "SMLR/2026-27/000003", isDelivered: false, deliveredAt: null,
  isCancelled: true, paymentState: "refunded", refundedAmount: 291,
};
const cancelledCash = { ...unpaid, _id: "CancelledCash000004", isCancelled: true, paymentState: "cancelled", canPay: false };

afterEach(() => vi.unstubAllGlobals());

const bodyRows = () => screen.getAllByRole("row").slice(1);

describe("MyOrdersTable (account drawer)", () => {
  it("spins while loading, then lists Date, Status, Actions and Total", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [paid, unpaid] } });
    render(<MyOrdersTable />);
    expect(screen.getByAltText("Loading...")).toBeInTheDocument();
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Date", "Status", "Actions", "Total"]);
    const [first, second] = bodyRows();
    expect(within(first).getAllByRole("cell")[0]).toHaveTextContent(/^2026-05-03$/);
    expect(within(first).getByText("Paid")).toHaveClass("badge");
    expect(within(first).getByRole("link", { name: "Details" })).toHaveAttribute("href", "/order/PaidOrder0000000001");
    expect(within(first).getByText("₹1,234.50")).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(within(second).getByText("Pay at delivery")).toHaveClass("badge");
    expect(within(second).queryByText("Paid")).toBeNull();
  });

  it("shows each order's real state from the server: refunded, cancelled, never 'Paid' on them (issue 45)", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [refunded, cancelledCash] } });
    render(<MyOrdersTable />);
    await screen.findByRole("table");
    const [first, second] = bodyRows();
    expect(within(first).getByText("Refunded ₹291.00")).toHaveClass("badge");
    expect(within(first).queryByText("Paid")).toBeNull();
    expect(within(second).getByText("Cancelled")).toHaveClass("badge");
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
  });

  it("a delivered cash order was paid at the door: no Pay button (the server's canPay)", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [{ ...unpaid, isDelivered: true, paymentState: "paid_at_delivery", canPay: false }] } });
    render(<MyOrdersTable />);
    await screen.findByRole("table");
    expect(screen.getByText("Paid at delivery")).toHaveClass("badge");
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
  });

  it("the Pay button of an unpaid order starts its payment and goes to the payment page", async () => {
    const fetchMock = mockFetch({
      "GET /api/orders/mine": { body: [paid, unpaid] },
      "POST /api/payments/initiateJuspayPaymentAtDelivery": {
        body: { status: "NEW", payment_links: { web: "/payments/sandbox/P2" } },
      },
    });
    render(<MyOrdersTable />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Pay" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payments/sandbox/P2"));
    expect(sentBody(fetchMock, "POST", "/api/payments/initiateJuspayPaymentAtDelivery")).toMatchObject({
      order_id: "OpenOrder0000000002",
      amount: 958,
    });
  });

  it("offers no Pay button for a cancelled order", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [cancelledCash] } });
    render(<MyOrdersTable />);
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
  });

  it("shows an error alert with the server's message when loading fails", async () => {
    mockFetch({ "GET /api/orders/mine": { status: 500, body: { message: "Could not load orders" } } });
    render(<MyOrdersTable />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load orders");
  });

  it("says when there are no orders yet", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [] } });
    render(<MyOrdersTable />);
    expect(await screen.findByText("You have no orders yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("MyOrdersTable on /profile", () => {
  it("lists the invoice number, date, total, paid date or the order's state, delivered date or a cross, and a details link", async () => {
    mockFetch({ "GET /api/orders/mine": { body: [paid, unpaid, refunded] } });
    render(<MyOrdersTable variant="profile" />);
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(
      ["Invoice No.", "Date", "Total", "Paid", "Delivered", "Details"],
    );
    const [first, second, third] = bodyRows();
    expect(within(first).getAllByRole("cell").slice(0, 5).map((cell) => cell.textContent)).toEqual(
      ["SMLR/2026-27/000001", "2026-05-03", "₹1,234.50", "2026-05-04", "2026-05-05"],
    );
    expect(screen.queryByText("PaidOrder0000000001")).toBeNull();
    expect(within(second).getAllByRole("cell")[3]).toHaveTextContent("Pay at delivery");
    expect(within(second).getAllByRole("img", { name: "No" })).toHaveLength(1);
    expect(within(third).getAllByRole("cell")[3]).toHaveTextContent("Refunded ₹291.00");
    // Each cell names its column for the phone's stacked rows (no sideways swipe).
    expect(within(first).getAllByRole("cell")[2]).toHaveAttribute("data-label", "Total");
    expect(within(second).getByRole("link", { name: "Details" })).toHaveAttribute("href", "/order/OpenOrder0000000002");
  });
});
