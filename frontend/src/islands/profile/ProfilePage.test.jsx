import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import ProfilePage from "./ProfilePage";

vi.mock("../../components/orders/MyOrdersTable", () => ({
  default: ({ variant }) => <table aria-label={`orders (${variant})`} />,
}));

describe("ProfilePage", () => {
  it("shows the profile form and the /profile columns of My Orders", () => {
    mockFetch({ "GET /api/users/profile": { body: { name: "Asha", phoneNo: "9876543210", deliveryAddress: {}, location: null } } });
    render(<ProfilePage />);
    expect(screen.getByRole("heading", { level: 1, name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "My Orders" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "orders (profile)" })).toBeInTheDocument();
  });
});
