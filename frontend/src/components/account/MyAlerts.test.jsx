import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import MyAlerts from "./MyAlerts";

const dal = {
  _id: "5", financialId: "79", productId: "2", name: "Toor Dal", nameTe: "కంది పప్పు", slug: "toor-dal", brand: "Tata",
  quantity: "1", units: "kg", image: "/media/dal.svg", createdAt: "2026-11-26T10:00:00Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("My alerts", () => {
  it("lists the waiting alerts and removes one", async () => {
    const fetchMock = mockFetch({ "GET /api/alerts": { body: [dal] }, "DELETE /api/alerts/5": { body: { message: "Alert removed" } } });
    render(<MyAlerts />);
    expect(await screen.findByRole("link", { name: "Tata Toor Dal 1 kg" })).toHaveAttribute("href", "/product/toor-dal");
    await userEvent.click(screen.getByRole("button", { name: "Remove the alert for Tata Toor Dal 1 kg" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Tata Toor Dal 1 kg" })).toBeNull());
    expect(fetchMock.mock.calls.map(([url, options]) => `${options?.method ?? "GET"} ${url}`)).toEqual([
      "GET /api/alerts",
      "DELETE /api/alerts/5",
    ]);
  });

  it("says how to make one when there is none", async () => {
    mockFetch({ "GET /api/alerts": { body: [] } });
    render(<MyAlerts />);
    expect(await screen.findByText(/Tap "Notify me" on a sold-out item/)).toBeInTheDocument();
  });
});
