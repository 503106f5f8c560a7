import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import StaffRefund from "./StaffRefund";

vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const { toast } = await import("../../lib/toast");

const order = { _id: "ORD1", isPaid: true, user: { name: "Asha", phoneNo: "9000000002" } };

beforeEach(() => vi.mocked(toast.success).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("staff's manual refund on the order page", () => {
  it("gives back an amount with a reason, with a key for retries, and hands on the server's order", async () => {
    const refunded = { ...order, refunds: [{ amount: 40 }] };
    const fetchMock = mockFetch({
      "GET /api/users/9000000002/credit": { body: { balance: 0, limit: 200, entries: [] } },
      "POST /api/orders/ORD1/refund": { body: refunded },
    });
    const onRefunded = vi.fn();
    render(<StaffRefund order={order} onRefunded={onRefunded} />);
    expect(await screen.findByRole("heading", { name: "Refund" })).toBeInTheDocument();
    expect(screen.getByText("You may give back up to ₹200.00 at once.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Amount (₹)"), "40");
    await userEvent.type(screen.getByLabelText("Reason"), "Late delivery");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    await vi.waitFor(() => expect(onRefunded).toHaveBeenCalledWith(refunded));
    expect(sentBody(fetchMock, "POST", "/api/orders/ORD1/refund")).toEqual({ amount: "40", reason: "Late delivery" });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(new Headers(post[1].headers).get("Idempotency-Key")).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("₹40.00 given back.");
  });

  it("shows the server's refusal and keeps the order as it was", async () => {
    mockFetch({
      "GET /api/users/9000000002/credit": { body: { balance: 0, limit: null, entries: [] } },
      "POST /api/orders/ORD1/refund": {
        status: 409,
        body: { message: "That is more than can be given back for this order: ₹90.00 is left.", code: "refund_exceeds_payment" },
      },
    });
    const onRefunded = vi.fn();
    render(<StaffRefund order={order} onRefunded={onRefunded} />);
    await userEvent.type(await screen.findByLabelText("Amount (₹)"), "500");
    await userEvent.type(screen.getByLabelText("Reason"), "Kind");
    await userEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("₹90.00 is left.");
    expect(screen.queryByText(/You may give back up to/)).not.toBeInTheDocument();
    expect(onRefunded).not.toHaveBeenCalled();
  });

  it("shows nothing to a role the server refuses", async () => {
    const fetchMock = mockFetch({
      "GET /api/users/9000000002/credit": { status: 403, body: { message: "Not authorized for this staff screen." } },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<StaffRefund order={order} onRefunded={vi.fn()} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });
});
