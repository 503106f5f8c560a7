import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminSlotsPage from "./AdminSlotsPage";

const window7 = { _id: "1", weekday: 0, weekdayLabel: "Monday", start: "07:00", end: "10:00", capacity: 20, cutoffHours: 2, active: true };
const PLAN = { windows: [window7], holidays: [{ _id: "5", date: "2026-12-25", name: "Christmas" }] };
const morning = { id: "2026-12-07.1", windowId: "1", start: "07:00", end: "10:00", timeLabel: "7:00–10:00", offered: true, booked: 3, capacity: 20, ownCapacity: null, weeklyCapacity: 20, overBooked: false };
const DAYS = {
  days: [
    { date: "2026-12-07", dayLabel: "Mon 7 Dec", holiday: null, slots: [morning] },
    { date: "2026-12-08", dayLabel: "Tue 8 Dec", holiday: "Sankranti", slots: [] },
  ],
  warning: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("staff's delivery plan", () => {
  it("shows the windows by weekday and the holidays, and saves a window's new capacity", async () => {
    const fetchMock = mockFetch({
      "GET /api/slots/windows": { body: PLAN },
      "GET /api/slots/days": { body: DAYS },
      "PUT /api/slots/windows/1": ({ body }) => ({ body: { ...PLAN, windows: [{ ...window7, ...body }] } }),
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);

    const monday = (await screen.findByRole("heading", { name: "Monday" })).closest(".admin-slots__day");
    expect(within(monday).getByText("07:00–10:00")).toBeInTheDocument();
    expect(screen.getByText("Christmas")).toBeInTheDocument();
    const capacity = within(monday).getByLabelText("Orders per window");
    await user.clear(capacity);
    await user.type(capacity, "25");
    await user.click(within(monday).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.getByText("Saved.")).toBeInTheDocument());
    expect(sentBody(fetchMock, "PUT", "/api/slots/windows/1")).toEqual({ capacity: 25, cutoffHours: 2, active: true });
  });

  it("shows the server's refusal of an overlapping window", async () => {
    mockFetch({
      "GET /api/slots/windows": { body: PLAN },
      "GET /api/slots/days": { body: DAYS },
      "POST /api/slots/windows": { status: 409, body: { message: "This window overlaps Monday 07:00-10:00.", code: "window_overlap" } },
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);
    await screen.findByRole("heading", { name: "Monday" });

    await user.click(screen.getAllByRole("button", { name: "Add window" })[0]);

    expect(await screen.findByText("This window overlaps Monday 07:00-10:00.")).toBeInTheDocument();
  });

  it("shows the coming days' load and gives one date its own capacity, with the server's warning", async () => {
    const warning = { message: "Mon 7 Dec, 7:00–10:00: 3 booked, more than the 1 now allowed. Call or move these orders: SMLR/2026-27/000001.", orders: ["SMLR/2026-27/000001"] };
    const fetchMock = mockFetch({
      "GET /api/slots/windows": { body: PLAN },
      "GET /api/slots/days": { body: DAYS },
      "PUT /api/slots/days/2026-12-07.1": ({ body }) => ({
        body: { ...DAYS, days: [{ ...DAYS.days[0], slots: [{ ...morning, capacity: body.capacity, ownCapacity: body.capacity, overBooked: true }] }, DAYS.days[1]], warning },
      }),
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);

    const days = (await screen.findByRole("heading", { name: "Coming days" })).closest("section");
    expect(await within(days).findByText("3 of 20")).toBeInTheDocument();
    expect(within(days).getByText("Closed: Sankranti")).toBeInTheDocument();
    await user.type(within(days).getByLabelText("Orders on Mon 7 Dec, 7:00–10:00"), "1");
    await user.click(within(days).getByRole("button", { name: "Save" }));

    expect(await within(days).findByText(warning.message)).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", "/api/slots/days/2026-12-07.1")).toEqual({ capacity: 1 });
    expect(within(days).getByText("3 of 1")).toBeInTheDocument();
    expect(within(days).getByText("(weekly 20)")).toBeInTheDocument();
    // Back to the weekly number: null is sent.
    await user.click(within(days).getByRole("button", { name: "Weekly again" }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/slots/days/")).length).toBe(2));
    expect(JSON.parse(fetchMock.mock.calls.at(-1)[1].body)).toEqual({ capacity: null });
  });

  it("names the orders booked on a day just closed", async () => {
    const warning = { message: "Mon 7 Dec is closed with orders booked for it. Call or move these orders: SMLR/2026-27/000001.", orders: ["SMLR/2026-27/000001"] };
    mockFetch({
      "GET /api/slots/windows": { body: PLAN },
      "GET /api/slots/days": { body: DAYS },
      "POST /api/slots/holidays": { status: 201, body: { ...PLAN, warning } },
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);
    await screen.findByRole("heading", { name: "Monday" });

    await user.type(screen.getByLabelText("Date"), "2026-12-07");
    await user.click(screen.getByRole("button", { name: "Close this day" }));

    expect(await screen.findByText(warning.message)).toBeInTheDocument();
    expect(screen.queryByText("Saved.")).not.toBeInTheDocument();
  });

  it("offers to move a closed day's orders and moves the chosen ones to the slot picked, once", async () => {
    const tuesday = { id: "2026-12-08.2", label: "Tue 8 Dec, 7:00–10:00", placesLeft: 5 };
    const wednesday = { id: "2026-12-09.3", label: "Wed 9 Dec, 7:00–10:00", placesLeft: 1 };
    const warning = {
      message: "Mon 7 Dec is closed with orders booked for it. Call or move these orders: A/1, A/2, A/3.",
      orders: ["A/1", "A/2", "A/3"],
      movable: ["A/2", "A/3"],
      move: ["A/2", "A/3"],
      targets: [tuesday, wednesday],
      suggested: tuesday.id,
    };
    const moved = {
      message: "1 order moved to Wed 9 Dec, 7:00–10:00. The shopper is told by SMS.",
      slot: wednesday.id,
      slotLabel: wednesday.label,
      moved: ["A/2"],
      notMoved: [],
      days: DAYS.days,
    };
    const fetchMock = mockFetch({
      "GET /api/slots/windows": { body: PLAN },
      "GET /api/slots/days": { body: DAYS },
      "POST /api/slots/holidays": { status: 201, body: { ...PLAN, warning } },
      "POST /api/slots/moves": { body: moved },
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);
    await screen.findByRole("heading", { name: "Monday" });
    await user.type(screen.getByLabelText("Date"), "2026-12-07");
    await user.click(screen.getByRole("button", { name: "Close this day" }));

    const offer = await screen.findByRole("group", { name: "Move them to another time" });
    expect(within(offer).getByText(warning.message)).toBeInTheDocument();
    expect(within(offer).getByText("Already packed, they keep their time: A/1.")).toBeInTheDocument();
    expect(within(offer).getByRole("button", { name: "Move 2 orders to Tue 8 Dec, 7:00–10:00" })).toBeEnabled();
    await user.click(within(offer).getByRole("checkbox", { name: "A/3" }));
    await user.selectOptions(within(offer).getByLabelText("Move to"), wednesday.id);
    expect(within(offer).getByRole("option", { name: "Wed 9 Dec, 7:00–10:00 (1 free)" })).toBeInTheDocument();
    await user.click(within(offer).getByRole("button", { name: "Move 1 order to Wed 9 Dec, 7:00–10:00" }));

    expect(await screen.findByText(moved.message)).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/slots/moves")).toEqual({ orders: ["A/2"], to: wednesday.id });
    const [, options] = fetchMock.mock.calls.find(([url, init]) => String(url).includes("/api/slots/moves") && init.method === "POST");
    expect(options.headers["Idempotency-Key"]).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Move them to another time" })).not.toBeInTheDocument();
  });
});
