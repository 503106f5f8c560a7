import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart, saveShippingAddress, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import PlaceOrderStep from "./PlaceOrderStep";
import SubstitutionChoice from "./SubstitutionChoice";
import { defaultSubstitution } from "./substitution";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn(), redirect: vi.fn() }));

// As the server words them (shop/context_processors.py, orders/rules.py), in the page's language.
const CHOICES = [
  { value: "call", label: "Call me" },
  { value: "replace", label: "Replace with a similar item" },
  { value: "remove", label: "Remove it" },
];
const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", brand: "India Gate", brandId: "11",
  financialId: "101", quantity: "5", units: "kg", price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg",
};

afterEach(() => {
  config.substitutionPreferences = [];
  vi.unstubAllGlobals();
});

describe("substitution choice", () => {
  it("shows the server's choices with the server's default checked, and reports a change", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SubstitutionChoice value={defaultSubstitution(CHOICES)} onChange={onChange} choices={CHOICES} />);

    expect(screen.getByRole("group", { name: "If an item is unavailable" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Call me" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Remove it" }));
    expect(onChange).toHaveBeenCalledWith("remove");
  });

  it("shows nothing when the page carries no choices", () => {
    const { container } = render(<SubstitutionChoice value="" onChange={() => {}} choices={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(defaultSubstitution([])).toBe("");
  });

  it("sends the shopper's choice with the order", async () => {
    Object.assign(config, {
      paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }],
      substitutionPreferences: CHOICES,
    });
    addToCart({ ...rice, qty: 1 });
    saveShippingAddress({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" });
    savePaymentMethod("Cash Or UPI");
    const fetchMock = mockFetch({ "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 399 } } });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);

    await user.click(await screen.findByRole("radio", { name: "Replace with a similar item" }));
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/AbC123xyz"));
    expect(sentBody(fetchMock, "POST", "/api/orders").substitutionPreference).toBe("replace");
  });
});
