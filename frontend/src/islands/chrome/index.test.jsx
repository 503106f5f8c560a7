// The chrome's start (index.jsx) against base.html's header: what the first screen does not need
// comes later, and base.html's account link and language buttons work until it has come.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../lib/serviceWorker", () => ({ registerServiceWorker: vi.fn() }));
vi.mock("../../lib/pickLanguage", () => ({ pickLanguage: vi.fn(() => Promise.resolve()) }));
// The first input or idle moment is the test's to give.
const idle = vi.hoisted(() => ({ start: null }));
vi.mock("../../lib/mount", async (importOriginal) => ({
  ...(await importOriginal()),
  whenIdleOrInput: (start) => (idle.start = start),
}));

// base.html's slots, as the server writes them (the parts the chrome replaces or answers).
const BASE_HTML = `
  <header>
    <div id="language-slot"><div class="language-switch" role="group" aria-label="Language" data-static><button type="button" lang="en" aria-pressed="true">English</button><button type="button" lang="te" aria-pressed="false">తెలుగు</button></div></div>
    <div id="account-slot"><div class="account"><a class="account__toggle" href="/login" aria-label="Account">A</a></div></div>
  </header>
  <div id="chrome-root"></div><div id="chrome-later"></div><div id="say-hi-slot"></div>`;

beforeEach(() => {
  vi.resetModules();
  sessionStorage.clear();
  document.body.innerHTML = BASE_HTML;
  idle.start = null;
});
afterEach(() => {
  document.body.innerHTML = "";
});

const start = () => import("./index.jsx");
// The later part is a module of its own, compiled on its first import: slow on a busy machine.
const LOADED = { timeout: 5000 };

describe("the chrome at start", () => {
  it("leaves the account menu, the language switch and the toasts for the first input or idle", async () => {
    await start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector("#account-slot a")).toHaveAttribute("href", "/login");
    expect(document.querySelector("#language-slot [data-static]")).not.toBeNull();
    expect(document.querySelector("#chrome-later").childElementCount).toBe(0);

    await act(async () => idle.start());
    await waitFor(() => expect(screen.getByRole("button", { name: "Account" })).toHaveAttribute("aria-expanded", "false"), LOADED);
    expect(document.querySelector("#language-slot [data-static]")).toBeNull();
    expect(screen.getByRole("button", { name: "తెలుగు" })).toHaveAttribute("aria-pressed", "false");
    expect(document.querySelector("#chrome-later .toaster")).not.toBeNull();
  });

  it("opens the account menu when base.html's account link is clicked before it came", async () => {
    await start();
    const link = document.querySelector("#account-slot a");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Account" })).toHaveAttribute("aria-expanded", "true"), LOADED);
  });

  it("chooses the language clicked on base.html's buttons before the switch came", async () => {
    const { pickLanguage } = await import("../../lib/pickLanguage");
    await start();
    await userEvent.click(screen.getByRole("button", { name: "తెలుగు" }));
    expect(pickLanguage).toHaveBeenCalledWith("te");
  });

  it("shows the previous page's message at once, without waiting for an input", async () => {
    sessionStorage.setItem("flash", JSON.stringify({ variant: "success", text: "Password reset successfully" }));
    await start();
    await waitFor(() => expect(document.querySelector("#chrome-later")).toHaveTextContent("Password reset successfully"), LOADED);
    expect(idle.start).not.toBeNull();
  });
});
