import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import InstallPrompt from "./InstallPrompt";

function offerInstall() {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  event.prompt = vi.fn().mockResolvedValue(undefined);
  event.userChoice = Promise.resolve({ outcome: "accepted" });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe("InstallPrompt", () => {
  it("stays hidden until the browser offers installation", () => {
    render(<InstallPrompt />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the browser's prompt for the Install button", async () => {
    const user = userEvent.setup();
    render(<InstallPrompt />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await user.click(screen.getByRole("button", { name: "Install" }));
    expect(event.prompt).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("remembers 'Not now' and stays quiet afterwards", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<InstallPrompt />);
    offerInstall();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    unmount();
    render(<InstallPrompt />);
    offerInstall();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the offer the browser made before it was loaded", () => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    render(<InstallPrompt offer={event} />);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
