import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followStaffOrders } from "../../lib/staffLive";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminOrdersPage from "./AdminOrdersPage";

vi.mock("../../lib/staffLive", () => ({ followStaffOrders: vi.fn(() => () => {}) }));

// The live part loads after the list: wait for the board to follow the orders.
const following = () => waitFor(() => expect(followStaffOrders).toHaveBeenCalled());

const base = {
  createdAt: "2026-05-01T10:00:00Z", totalPrice: 958, invoiceNumber: "SMLR-2026-000001",
  user: { name: "Demo Customer", phoneNo: "9000000002" }, paymentMethod: "Cash Or UPI", paymentState: "Cash/UPI to collect",
  isPaid: false, paidAt: null, isPacked: false, packedAt: null, isDispatched: false, dispatchedAt: null,
  isDelivered: false, deliveredAt: null, status: "placed", allowedMoves: ["packed", "cancelled"],
  isCancelled: false, cancelledAt: null, cancelReason: "", problem: false, deliverySlot: null,
  substitutionPreference: "call", substitutionPreferenceLabel: "Call me",
};
const morning = { id: "2026-05-02.1", date: "2026-05-02", start: "07:00", end: "10:00", label: "Sat 2 May, 7:00–10:00", released: false };
const placed = { ...base, _id: "Placed00000000000001", invoiceNumber: "SMLR-2026-000001", deliverySlot: morning };
const dispatched = {
  ...base, _id: "Dispatched0000000002", invoiceNumber: "SMLR-2026-000002", status: "dispatched", isPaid: true, paidAt: "2026-05-01T11:00:00Z",
  paymentState: "Paid", isPacked: true, packedAt: "2026-05-01T12:00:00Z", isDispatched: true, dispatchedAt: "2026-05-02T08:00:00Z",
  allowedMoves: ["delivered"],
};
const BOARD = "GET /api/orders/board";
const board = (orders, cursor = "5") => ({ body: { cursor, more: false, orders, changed: [], new: [] } });
const nothingNew = (cursor = "5") => ({ body: { cursor, more: false, orders: [], changed: [], new: [] } });

// Staff find an order by its invoice number, the link to its page.
const rowOf = (id) => screen.getByRole("link", { name: id }).closest("tr");
const socketCallbacks = () => vi.mocked(followStaffOrders).mock.calls.at(-1)[0];

beforeEach(() => {
  vi.mocked(followStaffOrders).mockClear();
  document.title = "Orders | SMLR Mart";
});
afterEach(() => vi.unstubAllGlobals());

describe("the staff's live order board", () => {
  it("shows each order's invoice number, customer, time placed, payment, state and wishes, grouped by window", async () => {
    mockFetch({ [BOARD]: board([placed, dispatched]), "GET /api/orders/board?since=5": nothingNew() });
    render(<AdminOrdersPage />);
    const groups = await screen.findAllByRole("region");
    expect(groups.map((group) => within(group).getByRole("heading").textContent)).toEqual(["Sat 2 May, 7:00–10:001", "No delivery slot1"]);
    expect(within(groups[0]).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(
      ["Choose", "ID", "User", "Placed", "Total", "Payment", "State", "Actions"],
    );
    const row = rowOf(placed.invoiceNumber);
    expect(within(row).getByText("Demo Customer")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "9000000002" })).toHaveAttribute("href", "tel:+919000000002");
    expect(within(row).getByText("₹958.00")).toBeInTheDocument();
    expect(within(row).getByText("1 May 2026, 3:30 pm")).toHaveClass("admin-orders__when");
    expect(within(row).getByText("Cash/UPI to collect")).toBeInTheDocument();
    expect(within(row).getByText("If unavailable: Call me")).toBeInTheDocument();
    expect(within(row).getByText("Delivery: Sat 2 May, 7:00–10:00")).toBeInTheDocument();
    expect(within(rowOf(dispatched.invoiceNumber)).getByText("Paid")).toBeInTheDocument();
    expect(within(rowOf(dispatched.invoiceNumber)).getByText("dispatched")).toBeInTheDocument();
  });

  it("catches up on every socket (re)connection and change, adding new orders with a badge in the title", async () => {
    const fresh = { ...base, _id: "Fresh000000000000003", invoiceNumber: "SMLR-2026-000003", createdAt: "2026-05-03T10:00:00Z" };
    const fetchMock = mockFetch({
      [BOARD]: board([placed, dispatched]),
      "GET /api/orders/board?since=5": nothingNew(),
    });
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: placed.invoiceNumber });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/orders/board?since=5", expect.anything()));
    await following();
    // A change this board has seen asks nothing; a later one catches up from the last cursor.
    await act(async () => socketCallbacks().onChanged("5"));
    expect(fetchMock.mock.calls.filter(([url]) => url.includes("since=")).length).toBe(1);
    fetchMock.mockClear();
    mockFetch({
      "GET /api/orders/board?since=5": { body: { cursor: "6", more: true, orders: [], changed: [], new: [] } },
      "GET /api/orders/board?since=6": {
        body: { cursor: "8", more: false, orders: [fresh, { ...placed, status: "packed", allowedMoves: ["dispatched", "cancelled"] }], changed: [fresh._id, placed._id, dispatched._id], new: [fresh._id] },
      },
    });
    await act(async () => socketCallbacks().onFollowing());
    expect(await screen.findByRole("link", { name: fresh.invoiceNumber })).toBeInTheDocument();
    expect(within(rowOf(placed.invoiceNumber)).getByRole("button", { name: "Mark as Dispatched" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: dispatched.invoiceNumber })).toBeNull(); // changed, no longer fits
    expect(document.title).toBe("(1) Orders | SMLR Mart");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "1 new: mark as seen" }));
    expect(document.title).toBe("Orders | SMLR Mart");
  });

  it("says whether it is live", async () => {
    mockFetch({ [BOARD]: board([placed]), "GET /api/orders/board?since=5": nothingNew() });
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: placed.invoiceNumber });
    await following();
    act(() => socketCallbacks().onStatus("live"));
    expect(screen.getByText("Live")).toBeInTheDocument();
    act(() => socketCallbacks().onStatus("waiting"));
    expect(screen.getByText("Reconnecting…")).toBeInTheDocument();
  });

  it("filters by state tab, search and date, kept in the address", async () => {
    const fetchMock = mockFetch({
      [BOARD]: board([placed]),
      "GET /api/orders/board?since=5": nothingNew(),
      "GET /api/orders/board?status=problem": board([]),
      "GET /api/orders/board?since=5&status=problem": nothingNew(),
      "GET /api/orders/board?status=problem&q=98765": board([]),
      "GET /api/orders/board?since=5&status=problem&q=98765": nothingNew(),
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: placed.invoiceNumber });
    await user.click(screen.getByRole("button", { name: "Problem open" }));
    expect(await screen.findByText("No orders found.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Problem open" })).toHaveAttribute("aria-pressed", "true");
    await user.type(screen.getByRole("searchbox", { name: "Search orders" }), "98765");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/orders/board?status=problem&q=98765", expect.anything()));
    expect(window.location.pathname + window.location.search).toBe("/admin/orderlist?status=problem&q=98765");
  });

  it("moves the checked orders together and names the ones that did not move, and why", async () => {
    const fetchMock = mockFetch({
      [BOARD]: board([placed, dispatched]),
      "GET /api/orders/board?since=5": nothingNew(),
      "POST /api/orders/bulk-move": {
        body: {
          moved: [{ _id: placed._id, invoiceNumber: placed.invoiceNumber, status: "packed" }],
          refused: [{ _id: dispatched._id, invoiceNumber: dispatched.invoiceNumber, reason: "Order is already dispatched; it cannot go back to packed." }],
        },
      },
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: placed.invoiceNumber });
    expect(screen.getByRole("button", { name: "Mark 0 as packed" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select all shown" }));
    await user.click(screen.getByRole("button", { name: "Mark 2 as packed" }));
    expect(await screen.findByText("1 orders are now packed.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/orders/bulk-move")).toEqual({ ids: [placed._id, dispatched._id], to: "packed" });
    expect(screen.getByText(`${dispatched.invoiceNumber}: Order is already dispatched; it cannot go back to packed.`)).toBeInTheDocument();
    // The refused stay checked, to try again or look at.
    expect(screen.getByRole("checkbox", { name: `Select order ${dispatched.invoiceNumber}` })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: `Select order ${placed.invoiceNumber}` })).not.toBeChecked();
  });

  it("moves one order through the status endpoint and catches up", async () => {
    let packed = false;
    const fetchMock = mockFetch({
      [BOARD]: board([placed]),
      "GET /api/orders/board?since=5": () =>
        packed
          ? { body: { cursor: "6", more: false, orders: [{ ...placed, status: "packed", allowedMoves: ["dispatched", "cancelled"] }], changed: [placed._id], new: [] } }
          : nothingNew(),
      [`PUT /api/orders/${placed._id}/status`]: () => {
        packed = true;
        return { body: { ...placed, status: "packed" } };
      },
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    await user.click(await screen.findByRole("button", { name: "Mark as Packed" }));
    expect(await screen.findByRole("button", { name: "Mark as Dispatched" })).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", `/api/orders/${placed._id}/status`)).toEqual({ status: "packed" });
    expect(screen.getByText(`Order ${placed.invoiceNumber} is now packed.`)).toBeInTheDocument();
  });

  it("cancels an order with the reason the admin types", async () => {
    const fetchMock = mockFetch({
      [BOARD]: board([placed]),
      "GET /api/orders/board?since=5": nothingNew(),
      [`PUT /api/orders/${placed._id}/cancel`]: { body: { ...placed, status: "cancelled" } },
    });
    const prompt = vi.spyOn(window, "prompt").mockReturnValueOnce("  ").mockReturnValueOnce("Customer asked");
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    const cancel = await screen.findByRole("button", { name: "Cancel Order" });
    await user.click(cancel);
    expect(sentBody(fetchMock, "PUT", `/api/orders/${placed._id}/cancel`)).toBeUndefined();
    await user.click(cancel);
    expect(prompt).toHaveBeenLastCalledWith(`Why is order ${placed.invoiceNumber} cancelled? The customer reads this reason.`);
    expect(await screen.findByText(`Order ${placed.invoiceNumber} is cancelled.`)).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", `/api/orders/${placed._id}/cancel`)).toEqual({ reason: "Customer asked" });
  });

  it("undoes a mistaken move for the manager with the reason asked for, and shows the server's refusal", async () => {
    const delivered = {
      ...dispatched, _id: "Delivered00000000004", invoiceNumber: "SMLR-2026-000004", status: "delivered", isDelivered: true,
      deliveredAt: "2026-05-02T09:00:00Z", allowedMoves: [], undoTo: "dispatched",
    };
    let undone = 0;
    const fetchMock = mockFetch({
      [BOARD]: board([placed, dispatched, delivered]),
      "GET /api/orders/board?since=5": nothingNew(),
      [`POST /api/orders/${delivered._id}/undo`]: () => {
        undone += 1;
        return undone === 1
          ? { status: 400, body: { message: "Say why the move is undone.", code: "invalid" } }
          : { body: { ...delivered, status: "dispatched", undoTo: "packed" } };
      },
    });
    const prompt = vi.spyOn(window, "prompt").mockReturnValueOnce(null).mockReturnValueOnce("  ").mockReturnValueOnce("Marked by mistake");
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: delivered.invoiceNumber });
    // Only the order the server says can be undone (undoTo) has the button.
    expect(within(rowOf(placed.invoiceNumber)).queryByRole("button", { name: "Undo" })).toBeNull();
    expect(within(rowOf(dispatched.invoiceNumber)).queryByRole("button", { name: "Undo" })).toBeNull();
    const undo = within(rowOf(delivered.invoiceNumber)).getByRole("button", { name: "Undo" });
    await user.click(undo); // the prompt dismissed: nothing sent
    expect(sentBody(fetchMock, "POST", `/api/orders/${delivered._id}/undo`)).toBeUndefined();
    await user.click(undo);
    expect(prompt).toHaveBeenLastCalledWith(
      `Why undo order ${delivered.invoiceNumber}'s move to delivered? It goes back to dispatched; the reason is kept in its history.`,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Say why the move is undone.");
    await user.click(undo);
    expect(await screen.findByText(`Order ${delivered.invoiceNumber} is now dispatched.`)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => url === `/api/orders/${delivered._id}/undo`).map(([, options]) => JSON.parse(options.body));
    expect(sent).toEqual([{ reason: "  " }, { reason: "Marked by mistake" }]);
  });

  it("records a cash payment after the admin confirms it, and shows a refused move's reason", async () => {
    const message = `Order ${placed._id} is already packed.`;
    mockFetch({
      [BOARD]: board([placed]),
      "GET /api/orders/board?since=5": nothingNew(),
      [`PUT /api/orders/${placed._id}/pay`]: { body: { ...placed, isPaid: true } },
      [`PUT /api/orders/${placed._id}/status`]: { status: 409, body: { message, code: "invalid_transition" } },
    });
    vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    const user = userEvent.setup();
    render(<AdminOrdersPage />);
    await user.click(await screen.findByRole("button", { name: "Record cash payment" }));
    expect(await screen.findByText(`Cash payment recorded for order ${placed.invoiceNumber}.`)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Mark as Packed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("flags a payment staff must refund or re-confirm, and an open problem", async () => {
    const late = {
      ...base, _id: "Cancelled00000000003", invoiceNumber: "SMLR-2026-000003", status: "cancelled", isCancelled: true, allowedMoves: [],
      cancelReason: "Not paid online within 30 minutes", problem: true,
      paymentAlerts: [{ reference: "PAbc", amount: 958, problem: "Charged after the order was cancelled" }],
    };
    mockFetch({ [BOARD]: board([placed, late]), "GET /api/orders/board?since=5": nothingNew() });
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: late.invoiceNumber });
    const row = rowOf(late.invoiceNumber);
    expect(within(row).getByRole("note")).toHaveTextContent("Needs staff: Charged after the order was cancelled (₹958.00, payment PAbc)");
    expect(within(row).getByText("Cancelled: Not paid online within 30 minutes")).toBeInTheDocument();
    expect(within(row).getByText("Problem open")).toBeInTheDocument();
    expect(within(rowOf(placed.invoiceNumber)).queryByRole("note")).toBeNull();
  });

  it("flags a late order and puts its window first; a cancelled, refunded order reads as the server words it", async () => {
    const yesterday = { ...morning, id: "2026-05-01.1", date: "2026-05-01", label: "Fri 1 May, 7:00–10:00" };
    const late = { ...base, _id: "Late0000000000000004", invoiceNumber: "SMLR-2026-000004", late: true, deliverySlot: yesterday };
    const refunded = {
      ...base, _id: "Refunded000000000005", invoiceNumber: "SMLR-2026-000005", status: "cancelled", isCancelled: true, isPaid: true,
      paidAt: "2026-05-01T11:00:00Z", paymentState: "Cancelled, ₹958.00 refunded", allowedMoves: [], deliverySlot: morning,
    };
    mockFetch({ [BOARD]: board([placed, late, refunded]), "GET /api/orders/board?since=5": nothingNew() });
    render(<AdminOrdersPage />);
    await screen.findByRole("link", { name: late.invoiceNumber });
    const groups = screen.getAllByRole("region");
    expect(within(groups[0]).getByRole("heading")).toHaveTextContent("Fri 1 May, 7:00–10:00Late: still in the shop1");
    expect(within(rowOf(late.invoiceNumber)).getByText("Late")).toBeInTheDocument();
    expect(within(rowOf(placed.invoiceNumber)).queryByText("Late")).toBeNull();
    const state = within(rowOf(refunded.invoiceNumber)).getByText("Cancelled, ₹958.00 refunded");
    expect(state).not.toHaveClass("admin-orders__done");
    expect(within(rowOf(refunded.invoiceNumber)).queryByText("Paid")).toBeNull();
  });

  it("shows a load failure", async () => {
    mockFetch({ [BOARD]: { status: 403, body: { message: "You do not have permission to perform this action." } } });
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<AdminOrdersPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("You are not allowed to do this.");
  });
});
