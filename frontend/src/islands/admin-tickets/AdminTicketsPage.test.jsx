import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminTicketsPage from "./AdminTicketsPage";
import { ageText, apiQueueUrl, queueUrl, readQueueQuery } from "./queue";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const ticket = (number, extra = {}) => ({
  number, kind: "problem_report", status: "open", statusLabel: "Open", orderId: "Order000000000000001", text: "Cap was broken",
  photo: "/media/support/photos/a.webp", thumbnail: "/media/support/photos/a-card.webp", openedAt: "2026-11-26T05:00:00Z",
  acknowledgedAt: null, resolvedAt: null, decisionReason: "", amountApproved: null, outcome: "", claimValue: 291,
  user: { name: "Asha Customer", phoneNo: "9876500001" }, invoiceNumber: "SMLR-2026-000001", paymentMethod: "Online",
  isPaid: true, deliveredAt: "2026-11-26T04:00:00Z", ageSeconds: 3 * 3600 + 5 * 60,
  lines: [{ _id: "1", item: "11", name: "Sunflower Oil", brand: "Fortune", packSize: "1", units: "L", image: "", price: 145.5, problem: "damaged", problemLabel: "Damaged", quantity: 2, value: 291 }],
  ...extra,
});
const page = (tickets) => ({ body: tickets, headers: { "X-Total-Count": String(tickets.length) } });
const OPEN = "GET /api/support/tickets?status=open";
const cardOf = (number) => screen.getByRole("heading", { name: number }).closest("li");

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("staff ticket queue", () => {
  it("shows each open ticket with its age, shopper, order, lines, photo and the value to give back", async () => {
    mockFetch({ [OPEN]: page([ticket("T-2026-000001"), ticket("T-2026-000002", { ageSeconds: 50 * 3600 })]) });
    render(<AdminTicketsPage page={1} status="open" />);
    const card = await screen.findByRole("heading", { name: "T-2026-000001" }).then((heading) => heading.closest("li"));
    expect(within(card).getByText("Waiting 3 h 5 min")).toBeInTheDocument();
    expect(within(cardOf("T-2026-000002")).getByText("Waiting 2 d 2 h")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "9876500001" })).toHaveAttribute("href", "tel:+919876500001");
    expect(within(card).getByRole("link", { name: "SMLR-2026-000001" })).toHaveAttribute("href", "/order/Order000000000000001");
    expect(within(card).getByText("Damaged: 2 packs (₹291.00)")).toBeInTheDocument();
    expect(within(card).getByRole("img", { name: "The shopper's photo for ticket T-2026-000001" })).toHaveAttribute("src", "/media/support/photos/a-card.webp");
    expect(within(card).getByRole("spinbutton", { name: "Amount to give back (at most ₹291.00)" })).toHaveValue(291);
  });

  it("shows a grievance's clocks, marks it overdue, acknowledges it and resolves it with an answer", async () => {
    const grievance = ticket("T-2026-000003", {
      kind: "grievance", orderId: null, user: null, lines: [], photo: "", thumbnail: "", text: "Rude delivery person",
      contact: { name: "Sita", phoneNo: "9876512345", email: "sita@example.in" },
      acknowledgeBy: "2026-11-24T05:00:00Z", resolveBy: "2026-12-22T05:00:00Z", overdue: true,
    });
    const fetchMock = mockFetch({
      [OPEN]: page([grievance]),
      "POST /api/support/tickets/T-2026-000003/acknowledge": { body: { ...grievance, acknowledgedAt: "2026-11-26T06:00:00Z" } },
      "POST /api/support/tickets/T-2026-000003/resolve": { body: { ...grievance, status: "resolved" } },
    });
    const user = userEvent.setup();
    render(<AdminTicketsPage page={1} status="open" />);
    const card = await screen.findByRole("heading", { name: /^T-2026-000003\b.*Grievance/ }).then((heading) => heading.closest("li"));
    expect(within(card).getByText("Overdue")).toBeInTheDocument();
    expect(within(card).getByText(/^Acknowledge by /)).toBeInTheDocument();
    expect(within(card).getByText(/^Resolve by /)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "9876512345" })).toHaveAttribute("href", "tel:+919876512345");
    expect(within(card).queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Acknowledge" }));
    expect(await screen.findByText("Ticket T-2026-000003 acknowledged.")).toBeInTheDocument();
    await user.type(within(screen.getByRole("heading", { name: /^T-2026-000003/ }).closest("li")).getByRole("textbox", { name: "Answer (the person reads it)" }), "We spoke to him.");
    await user.click(within(screen.getByRole("heading", { name: /^T-2026-000003/ }).closest("li")).getByRole("button", { name: "Resolve" }));
    expect(await screen.findByText("Ticket T-2026-000003 resolved.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/support/tickets/T-2026-000003/resolve")).toEqual({ answer: "We spoke to him." });
  });

  it("approves with the amount staff chose, after confirming, and shows the list again", async () => {
    const fetchMock = mockFetch({
      [OPEN]: page([ticket("T-2026-000001")]),
      "POST /api/support/tickets/T-2026-000001/approve": { body: ticket("T-2026-000001", { status: "approved" }) },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const user = userEvent.setup();
    render(<AdminTicketsPage page={1} status="open" />);
    const amount = await screen.findByRole("spinbutton");
    await user.clear(amount);
    await user.type(amount, "200");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(window.confirm).toHaveBeenCalledWith("Approve ticket T-2026-000001 and give back ₹200.00?");
    expect(await screen.findByText("Ticket T-2026-000001 approved.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/support/tickets/T-2026-000001/approve")).toEqual({ amount: "200" });
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith("/api/support/tickets?"))).toHaveLength(2);
  });

  it("rejects with the reason, and shows the server's 409 when someone decided first", async () => {
    const fetchMock = mockFetch({
      [OPEN]: page([ticket("T-2026-000001")]),
      "POST /api/support/tickets/T-2026-000001/reject": { status: 409, body: { message: "Ticket T-2026-000001 is already approved.", code: "ticket_decided" } },
    });
    const user = userEvent.setup();
    render(<AdminTicketsPage page={1} status="open" />);
    const reject = await screen.findByRole("button", { name: "Reject" });
    expect(reject).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Reason (the shopper reads it)" }), "Seal intact in the photo");
    await user.click(reject);
    expect(await screen.findByText("Ticket T-2026-000001 is already approved.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/support/tickets/T-2026-000001/reject")).toEqual({ reason: "Seal intact in the photo" });
  });

  it("shows decided tickets with their outcome and filters by status through the address", async () => {
    mockFetch({
      "GET /api/support/tickets": page([
        ticket("T-2026-000003", { status: "approved", statusLabel: "Approved", amountApproved: 145.5, outcome: "credit", ageSeconds: 600 }),
        ticket("T-2026-000004", { status: "rejected", statusLabel: "Rejected", decisionReason: "Delivered in full." }),
      ]),
    });
    const user = userEvent.setup();
    render(<AdminTicketsPage page={1} status="all" />);
    expect(await screen.findByText("Approved: ₹145.50 given as store credit.")).toBeInTheDocument();
    expect(screen.getByText("Decided after 10 min")).toBeInTheDocument();
    expect(screen.getByText("Rejected: Delivered in full.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "rejected");
    expect(navigate).toHaveBeenCalledWith("/admin/tickets?status=rejected");
  });
});

describe("queue addresses", () => {
  it("reads and writes the status and page, open by default", () => {
    expect(readQueueQuery("")).toEqual({ page: 1, status: "open" });
    expect(readQueueQuery("?status=nonsense&pageNumber=-2")).toEqual({ page: 1, status: "open" });
    expect(readQueueQuery("?status=all&pageNumber=3")).toEqual({ page: 3, status: "all" });
    expect(queueUrl({ page: 1, status: "open" })).toBe("/admin/tickets");
    expect(queueUrl({ page: 2, status: "all" })).toBe("/admin/tickets?status=all&pageNumber=2");
    expect(apiQueueUrl({ page: 1, status: "all" })).toBe("/api/support/tickets");
    expect(apiQueueUrl({ page: 2, status: "open" })).toBe("/api/support/tickets?status=open&pageNumber=2");
  });

  it("words an age in minutes, hours or days", () => {
    expect(ageText(59)).toEqual({ key: "admin.tickets.ageMinutes", vars: { minutes: 0 } });
    expect(ageText(3 * 3600 + 61)).toEqual({ key: "admin.tickets.ageHours", vars: { hours: 3, minutes: 1 } });
    expect(ageText(49 * 3600)).toEqual({ key: "admin.tickets.ageDays", vars: { days: 2, hours: 1 } });
  });
});
