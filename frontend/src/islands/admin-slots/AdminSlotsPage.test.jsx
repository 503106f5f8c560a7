import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminSlotsPage from "./AdminSlotsPage";

const window7 = { _id: "1", weekday: 0, weekdayLabel: "Monday", start: "07:00", end: "10:00", capacity: 20, cutoffHours: 2, active: true };
const PLAN = { windows: [window7], holidays: [{ _id: "5", date: "2026-12-25", name: "Christmas" }] };

afterEach(() => vi.unstubAllGlobals());

describe("staff's delivery plan", () => {
  it("shows the windows by weekday and the holidays, and saves a window's new capacity", async () => {
    const fetchMock = mockFetch({
      "GET /api/slots/windows": { body: PLAN },
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
      "POST /api/slots/windows": { status: 409, body: { message: "This window overlaps Monday 07:00-10:00.", code: "window_overlap" } },
    });
    const user = userEvent.setup();
    render(<AdminSlotsPage />);
    await screen.findByRole("heading", { name: "Monday" });

    await user.click(screen.getAllByRole("button", { name: "Add window" })[0]);

    expect(await screen.findByText("This window overlaps Monday 07:00-10:00.")).toBeInTheDocument();
  });
});
