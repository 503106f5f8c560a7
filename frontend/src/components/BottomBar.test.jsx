import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { config } from "../lib/config";
import BottomBar from "./BottomBar";

describe("BottomBar", () => {
  it("links Home, SMLR Products (Eggs & Dairy) and Budget Friendly", () => {
    render(<BottomBar />);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "SMLR Products" })).toHaveAttribute("href", "/category/EGGS%20%26%20DAIRY");
    expect(screen.getByRole("link", { name: "Budget Friendly" })).toHaveAttribute("href", "/category/BUDGET%20FRIENDLY%20PACKAGES");
  });

  it("Say Hi To Order opens a popup with the WhatsApp chat and the phone call from settings", async () => {
    config.whatsappNumber = "919876543210";
    config.phoneNumber = "08856230123";
    const user = userEvent.setup();
    render(<BottomBar />);
    const button = screen.getByRole("button", { name: "Say Hi To Order" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const popup = screen.getByRole("dialog", { name: "Say Hi To Order" });
    expect(popup.querySelector('a[href="https://wa.me/919876543210"]')).not.toBeNull();
    expect(popup.querySelector('a[href="tel:08856230123"]')).not.toBeNull();
    await user.click(document.body);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
