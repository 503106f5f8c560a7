import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { config } from "../lib/config";
import SayHi from "./SayHi";

describe("SayHi (the bottom bar's live part)", () => {
  it("Say Hi To Order opens a popup with the WhatsApp chat and the phone call from settings", async () => {
    config.whatsappNumber = "919876543210";
    config.phoneNumber = "+919876543210"; // the support phone written for a tel: link
    config.supportPhone = "+91 98765 43210";
    const user = userEvent.setup();
    render(<SayHi />);
    const button = screen.getByRole("button", { name: "Say Hi To Order" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const popup = await screen.findByRole("dialog", { name: "Say Hi To Order" });
    expect(popup.querySelector('a[href="https://wa.me/919876543210"]')).not.toBeNull();
    expect(popup.querySelector('a[href="tel:+919876543210"]')).not.toBeNull();
    expect(popup).toHaveTextContent("+91 98765 43210");
    await user.click(document.body);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Escape closes the popup and gives the focus back to its button", async () => {
    const user = userEvent.setup();
    render(<SayHi />);
    const button = screen.getByRole("button", { name: "Say Hi To Order" });
    await user.click(button);
    await screen.findByRole("dialog", { name: "Say Hi To Order" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });
});
