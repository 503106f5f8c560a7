import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDropdown, currentDropdown } from "../lib/dropdowns";
import HeaderDelivery from "./delivery/HeaderDelivery";
import { AccountMenu } from "./Header";
import SayHi from "./SayHi";
import SearchBox from "./SearchBox";

// What the chrome island mounts into base.html's header slots (the markup itself is the template's).
function Header() {
  return (
    <>
      <SearchBox />
      <AccountMenu />
    </>
  );
}

vi.mock("./account/AccountDropdown", () => ({
  texts: [],
  default: ({ onClose }) => (
    <button type="button" onClick={onClose}>
      Account panel
    </button>
  ),
}));
vi.mock("./delivery/DeliveryChecker", () => ({ texts: [], default: () => <p>Delivery checker</p> }));

function scrollTo(y) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event("scroll"));
  });
}

beforeEach(() => {
  window.scrollY = 0;
});
afterEach(() => {
  window.scrollY = 0;
  act(() => closeDropdown(currentDropdown()));
});

describe("Header", () => {
  it("shows the search box and a labelled account button", () => {
    render(<Header />);
    expect(screen.getByRole("combobox", { name: "Search for products or brands" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Account" })).toHaveAttribute("aria-expanded", "false");
  });

  it("opens the account dropdown, passes onClose, and closes on an outside click", async () => {
    const user = userEvent.setup();
    render(<Header />);
    const toggle = screen.getByRole("button", { name: "Account" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(await screen.findByRole("button", { name: "Account panel" }));
    expect(screen.queryByRole("button", { name: "Account panel" })).toBeNull();

    await user.click(toggle);
    await screen.findByRole("button", { name: "Account panel" });
    await user.click(document.body);
    expect(screen.queryByRole("button", { name: "Account panel" })).toBeNull();
  });

  it("the account dropdown and the Say Hi popup are mutually exclusive", async () => {
    const user = userEvent.setup();
    render(
      <>
        <Header />
        <SayHi />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Account" }));
    await screen.findByRole("button", { name: "Account panel" });
    await user.click(screen.getByRole("button", { name: "Say Hi To Order" }));
    expect(await screen.findByRole("dialog", { name: "Say Hi To Order" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Account panel" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Account" }));
    expect(screen.queryByRole("dialog", { name: "Say Hi To Order" })).toBeNull();
  });

  it("Escape closes the account dropdown", async () => {
    const user = userEvent.setup();
    render(<Header />);
    await user.click(screen.getByRole("button", { name: "Account" }));
    await screen.findByRole("button", { name: "Account panel" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("button", { name: "Account panel" })).toBeNull();
  });

  it("shows the delivery checker (mounted on / only) while the page is at the very top", async () => {
    render(<HeaderDelivery />);
    expect(await screen.findByText("Delivery checker")).toBeVisible();
    scrollTo(1);
    expect(screen.getByText("Delivery checker")).not.toBeVisible();
    scrollTo(0);
    expect(screen.getByText("Delivery checker")).toBeVisible();
  });
});
