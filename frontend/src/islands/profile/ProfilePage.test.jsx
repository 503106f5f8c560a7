import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import ProfilePage from "./ProfilePage";

vi.mock("../../components/orders/MyOrdersTable", () => ({
  default: ({ variant }) => <table aria-label={`orders (${variant})`} />,
}));
vi.mock("../../lib/navigation", async (original) => ({ ...(await original()), navigate: vi.fn() }));

const profile = { name: "Asha", phoneNo: "9876543210", deliveryAddress: {}, location: null };
const saving = () =>
  mockFetch({
    "GET /api/users/profile": { body: profile },
    "PUT /api/users/profile": ({ body }) => ({ body: { ...profile, ...body, token: "fresh", expiresAt: "2099-01-01T00:00:00Z" } }),
  });

async function saveAddress() {
  const user = userEvent.setup();
  render(<ProfilePage />);
  await user.type(screen.getByLabelText("Street Address"), "4 Temple Street");
  await user.type(screen.getByLabelText("City"), "Amalapuram");
  await user.type(screen.getByLabelText("Postal Code"), "533201");
  await user.click(screen.getByRole("button", { name: "Update" }));
}

describe("ProfilePage", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
    vi.mocked(navigate).mockReset();
  });

  it("shows the profile form and the /profile columns of My Orders", () => {
    mockFetch({ "GET /api/users/profile": { body: profile } });
    render(<ProfilePage />);
    expect(screen.getByRole("heading", { level: 1, name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "My Orders" })).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "orders (profile)" })).toBeInTheDocument();
  });

  it("opened from checkout's shipping step, says so and goes back there once the address is saved", async () => {
    window.history.replaceState(null, "", "/profile?redirect=/shipping");
    saving();
    await saveAddress();
    expect(screen.getByText("Save your delivery address below: Update takes you back to checkout.")).toBeInTheDocument();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/shipping"));
  });

  it("stays on the profile after saving when opened on its own, and never follows another site", async () => {
    window.history.replaceState(null, "", "/profile?redirect=//evil.example");
    const success = vi.spyOn(toast, "success");
    saving();
    await saveAddress();
    await waitFor(() => expect(success).toHaveBeenCalledWith("Profile updated successfully"));
    expect(navigate).not.toHaveBeenCalled();
  });
});
