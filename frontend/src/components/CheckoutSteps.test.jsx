import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CheckoutSteps from "./CheckoutSteps";

describe("CheckoutSteps", () => {
  it("shows the four steps in order", () => {
    render(<CheckoutSteps current="shipping" />);
    const items = screen.getAllByRole("listitem").map((item) => item.textContent.replace(/^\d/, ""));
    expect(items).toEqual(["Sign In", "Shipping", "Payment", "Place Order"]);
  });

  it("links back to done steps, marks the current one and leaves later ones unlinked", () => {
    render(<CheckoutSteps current="placeorder" />);
    expect(screen.getByRole("link", { name: "Shipping" })).toHaveAttribute("href", "/shipping");
    expect(screen.getByRole("link", { name: "Payment" })).toHaveAttribute("href", "/payment");
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(screen.getByText("Place Order")).toHaveAttribute("aria-current", "step");
  });

  it("does not link to steps not reached yet", () => {
    render(<CheckoutSteps current="shipping" />);
    expect(screen.queryByRole("link", { name: "Payment" })).toBeNull();
    expect(screen.getByText("Place Order")).toHaveAttribute("aria-disabled", "true");
  });
});
