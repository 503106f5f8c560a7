import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import ReportProblemPage from "./ReportProblemPage";
import { reportBody } from "./reportForm";

const ORDER = "Order000000000000001";
const STATE = `GET /api/support/orders/${ORDER}`;
const PROBLEMS = [
  { value: "missing", label: "Missing" },
  { value: "damaged", label: "Damaged" },
  { value: "wrong_item", label: "Wrong item" },
  { value: "expired", label: "Expired" },
  { value: "other", label: "Other" },
];
const line = (id, name, qty, extra = {}) => ({
  _id: id, name, brand: "Fortune", packSize: "1", units: "L", image: "", price: 145.5, qty, reportable: qty, openTicket: null, ...extra,
});
const ticket = (number, status, extra = {}) => ({
  number, kind: "problem_report", status, statusLabel: status[0].toUpperCase() + status.slice(1), orderId: ORDER, text: "",
  photo: "", thumbnail: "", openedAt: "2026-11-26T09:00:00Z", acknowledgedAt: null, resolvedAt: null, decisionReason: "",
  amountApproved: null, outcome: "", claimValue: 145.5,
  lines: [{ _id: "1", item: "11", name: "Sunflower Oil", brand: "Fortune", packSize: "1", units: "L", image: "", price: 145.5, problem: "damaged", problemLabel: "Damaged", quantity: 1, value: 145.5 }],
  ...extra,
});
const state = (extra = {}) => ({
  orderId: ORDER, invoiceNumber: "SMLR-2026-000001", deliveredAt: "2026-11-26T08:00:00Z", reportUntil: "2026-11-28T08:00:00Z",
  canReport: true, refusal: null, problems: PROBLEMS, lines: [line("11", "Sunflower Oil", 3), line("12", "Groundnut Oil", 1)], tickets: [],
  ...extra,
});

afterEach(() => localStorage.clear());

describe("report a problem", () => {
  it("reports the ticked lines with their problem and packs, and shows the ticket number at once", async () => {
    const opened = ticket("T-2026-000007", "open", { lines: ticket("x", "open").lines });
    let answered = state();
    const fetchMock = mockFetch({
      [STATE]: () => ({ body: answered }),
      "POST /api/support/tickets": () => {
        answered = state({ tickets: [opened], lines: [line("11", "Sunflower Oil", 3, { openTicket: "T-2026-000007" }), line("12", "Groundnut Oil", 1)] });
        return { status: 201, body: opened };
      },
    });
    const user = userEvent.setup();
    render(<ReportProblemPage orderId={ORDER} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Report a problem" })).toBeInTheDocument();
    expect(screen.getByText(/You can report a problem with this order until/)).toBeInTheDocument();
    const send = screen.getByRole("button", { name: "Send report" });
    expect(send).toBeDisabled();

    await user.click(screen.getByRole("checkbox", { name: /Fortune Sunflower Oil 1 L/ }));
    expect(send).toBeDisabled(); // a ticked line needs its problem
    await user.selectOptions(screen.getByRole("combobox", { name: "What is wrong?" }), "damaged");
    expect(within(screen.getByRole("combobox", { name: "Packs affected" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["1", "2", "3"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Packs affected" }), "2");
    await user.type(screen.getByRole("textbox", { name: "Tell us more (optional)" }), "Leaking cap");
    await user.click(send);

    expect(await screen.findByText("Your ticket number is T-2026-000007.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/support/tickets")).toEqual({
      order: ORDER, lines: [{ item: "11", problem: "damaged", quantity: 2 }], text: "Leaking cap", photo: "",
    });
    expect(await screen.findByRole("heading", { name: "Ticket T-2026-000007" })).toBeInTheDocument();
    // The reported line is in an open report now: only the other one can be ticked.
    expect(screen.getAllByRole("checkbox").map((box) => box.closest("label").textContent)).toEqual([expect.stringContaining("Groundnut Oil")]);
  });

  it("Send waits for the photo's upload, then sends it with the report (issue 45)", async () => {
    let uploaded;
    const upload = new Promise((resolve) => {
      uploaded = resolve;
    });
    const fetchMock = mockFetch({
      [STATE]: { body: state() },
      "POST /api/support/photos": () => upload,
      "POST /api/support/tickets": { status: 201, body: ticket("T-2026-000008", "open") },
    });
    const user = userEvent.setup();
    render(<ReportProblemPage orderId={ORDER} />);
    await user.click(await screen.findByRole("checkbox", { name: /Groundnut Oil/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "What is wrong?" }), "damaged");
    await user.upload(screen.getByLabelText("Photo (optional)"), new File(["x"], "cap.jpg", { type: "image/jpeg" }));
    const send = screen.getByRole("button", { name: "Send report" });
    expect(screen.getByText("Uploading the photo...")).toBeInTheDocument();
    expect(send).toBeDisabled();
    uploaded({ status: 201, body: { photo: "/media/support/photos/a.webp", thumbnail: "/media/support/photos/a-card.webp" } });
    expect(await screen.findByRole("img", { name: "Your photo of the problem" })).toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText("Your ticket number is T-2026-000008.")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/support/tickets").photo).toBe("/media/support/photos/a.webp");
  });

  it("shows a ticket's photo in Your reports (issue 45)", async () => {
    mockFetch({
      [STATE]: {
        body: state({ tickets: [ticket("T-2026-000009", "open", { photo: "/media/support/photos/b.webp", thumbnail: "/media/support/photos/b-card.webp" })] }),
      },
    });
    render(<ReportProblemPage orderId={ORDER} />);
    const card = (await screen.findByRole("heading", { name: "Ticket T-2026-000009" })).closest("article");
    expect(within(card).getByRole("img", { name: "Your photo of the problem" })).toHaveAttribute("src", "/media/support/photos/b-card.webp");
    expect(within(card).getByRole("link")).toHaveAttribute("href", "/media/support/photos/b.webp");
  });

  it("shows the server's refusal after the window, with the tickets and their decisions", async () => {
    mockFetch({
      [STATE]: {
        body: state({
          canReport: false,
          refusal: "Problems can be reported within 48 hours of delivery; this order was delivered on 20-11-2026.",
          tickets: [
            ticket("T-2026-000002", "rejected", { decisionReason: "The seal was intact." }),
            ticket("T-2026-000001", "approved", { amountApproved: 145.5, outcome: "refund" }),
          ],
        }),
      },
    });
    render(<ReportProblemPage orderId={ORDER} />);
    expect(await screen.findByText(/within 48 hours of delivery/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send report" })).toBeNull();
    expect(screen.getByText("Not approved: The seal was intact.")).toBeInTheDocument();
    expect(screen.getByText("Approved: ₹145.50 is being refunded to your payment.")).toBeInTheDocument();
    expect(screen.getAllByText("Damaged: 1 pack")).toHaveLength(2);
  });

  it("shows the server's message when a report is refused", async () => {
    mockFetch({
      [STATE]: { body: state() },
      "POST /api/support/tickets": { status: 409, body: { message: "Fortune Groundnut Oil 1 L is already in an open report (T-2026-000003).", code: "already_reported" } },
    });
    const user = userEvent.setup();
    render(<ReportProblemPage orderId={ORDER} />);
    await user.click(await screen.findByRole("checkbox", { name: /Groundnut Oil/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "What is wrong?" }), "missing");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(/already in an open report/)).toBeInTheDocument();
  });

  it("says it when the order is not the shopper's", async () => {
    mockFetch({ [STATE]: { status: 404, body: { message: "Order not found" } } });
    render(<ReportProblemPage orderId={ORDER} />);
    expect(await screen.findByText("Order not found")).toBeInTheDocument();
  });
});

describe("reportBody", () => {
  it("is null until a ticked line has its problem, and sends the photo's address", () => {
    const choices = { 11: { chosen: true, problem: "", quantity: 1 }, 12: { chosen: false, problem: "missing", quantity: 1 } };
    expect(reportBody({ orderId: ORDER, choices, text: "", photo: null })).toBeNull();
    choices[11].problem = "expired";
    expect(reportBody({ orderId: ORDER, choices, text: " old ", photo: { photo: "/media/support/photos/a.webp" } })).toEqual({
      order: ORDER, lines: [{ item: "11", problem: "expired", quantity: 1 }], text: "old", photo: "/media/support/photos/a.webp",
    });
  });
});
