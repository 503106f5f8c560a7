import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCart } from "../../lib/cart";
import { navigate, redirect } from "../../lib/navigation";
import { mockFetch } from "../../lib/testing/mockFetch";
import ShippingStep from "./ShippingStep";

vi.mock("../../lib/navigation", async (importOriginal) => ({
  ...(await importOriginal()),
  navigate: vi.fn(),
  redirect: vi.fn(),
}));

const profile = (deliveryAddress, hasCompleteAddress = true) => ({
  _id: "5", name: "Asha", phoneNo: "9000000002", isAdmin: false, deliveryAddress, hasCompleteAddress,
});
const home = { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" };
const deliverable = { pincode: "533201", state: "Andhra Pradesh", town: "Amalapuram", deliverable: true, message: "Happy to deliver to Amalapuram!" };

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(redirect).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("shipping step", () => {
  it("shows the step bar with Shipping as the current step", async () => {
    mockFetch({ "GET /api/users/profile": { body: profile(home) }, "GET /api/delivery/check?pincode=533201": { body: deliverable } });
    render(<ShippingStep />);
    expect(screen.getByText("Shipping", { selector: "[aria-current]" })).toBeInTheDocument();
    await screen.findByText("Happy to deliver to Amalapuram!");
  });

  it("asks for an address in the account when street, city or postal code is missing", async () => {
    const fetchMock = mockFetch({ "GET /api/users/profile": { body: profile({ street: "12-4 Gandhi Nagar", city: "", postalCode: "533201" }, false) } });
    const user = userEvent.setup();
    render(<ShippingStep />);
    expect(await screen.findByText("Enter address in account to complete order")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Go to Account" }));
    expect(navigate).toHaveBeenCalledWith("/profile?redirect=/shipping");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("refuses the 'Use Current Location' fallback street as the server says, asking for the address", async () => {
    const fetchMock = mockFetch({
      "GET /api/users/profile": { body: profile({ street: "Unknown Street", city: "Amalapuram", postalCode: "533201" }, false) },
    });
    render(<ShippingStep />);
    expect(await screen.findByText("Enter address in account to complete order")).toBeInTheDocument();
    expect(screen.queryByText("Unknown Street")).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("treats a profile without any saved address as incomplete", async () => {
    mockFetch({ "GET /api/users/profile": { body: profile(undefined, false) } });
    render(<ShippingStep />);
    expect(await screen.findByText("Enter address in account to complete order")).toBeInTheDocument();
  });

  it("shows the saved address and continues to payment, saving it to the cart", async () => {
    mockFetch({ "GET /api/users/profile": { body: profile(home) }, "GET /api/delivery/check?pincode=533201": { body: deliverable } });
    const user = userEvent.setup();
    render(<ShippingStep />);
    expect(await screen.findByText("12-4 Gandhi Nagar")).toBeInTheDocument();
    expect(screen.getByText("Amalapuram")).toBeInTheDocument();
    expect(screen.getByText("533201")).toBeInTheDocument();
    expect(screen.getByText("Happy to deliver to Amalapuram!")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(getCart().shippingAddress).toEqual(home);
    expect(navigate).toHaveBeenCalledWith("/payment");
  });

  it("refuses an address the shop does not deliver to, with the delivery checker's message", async () => {
    mockFetch({
      "GET /api/users/profile": { body: profile({ ...home, postalCode: "500001" }) },
      "GET /api/delivery/check?pincode=500001": {
        body: { pincode: "500001", state: "Telangana", town: "", deliverable: false, message: "We only deliver in Andhra Pradesh & Puducherry." },
      },
    });
    render(<ShippingStep />);
    expect(await screen.findByText("We only deliver in Andhra Pradesh & Puducherry.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Go to Account" })).toBeInTheDocument();
    expect(getCart().shippingAddress).toEqual({});
  });

  it("refuses a pincode of a town delivered elsewhere, naming the town's pincodes (issue 45)", async () => {
    mockFetch({
      "GET /api/users/profile": { body: profile({ ...home, city: "Kakinada", postalCode: "533005" }) },
      "GET /api/delivery/check?pincode=533005": {
        body: {
          pincode: "533005", state: "Andhra Pradesh", town: "Kakinada", deliverable: false,
          message: "Sorry, we do not deliver to this location yet.", area: "In Kakinada we deliver to pincode 533001.",
        },
      },
    });
    render(<ShippingStep />);
    expect(await screen.findByText("Sorry, we do not deliver to this location yet. In Kakinada we deliver to pincode 533001.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("says 'Error loading address' when the profile cannot be read", async () => {
    mockFetch({ "GET /api/users/profile": { status: 500, body: { message: "Server error" } } });
    render(<ShippingStep />);
    expect(await screen.findByText("Error loading address")).toBeInTheDocument();
  });

  it("shows the server's message when the delivery check fails", async () => {
    mockFetch({
      "GET /api/users/profile": { body: profile(home) },
      "GET /api/delivery/check?pincode=533201": { status: 429, body: { message: "Too many requests. Try again in a minute." } },
    });
    render(<ShippingStep />);
    expect(await screen.findByText("Too many requests. Try again in a minute.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  });
});
