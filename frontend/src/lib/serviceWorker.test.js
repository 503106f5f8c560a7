import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./serviceWorker";

afterEach(() => {
  delete navigator.serviceWorker;
});

describe("registerServiceWorker", () => {
  it("registers the root-scoped worker", async () => {
    const register = vi.fn().mockResolvedValue({ scope: "/" });
    Object.defineProperty(navigator, "serviceWorker", { value: { register }, configurable: true });
    await expect(registerServiceWorker()).resolves.toEqual({ scope: "/" });
    expect(register).toHaveBeenCalledWith("/service-worker.js", { scope: "/" });
  });

  it("only logs a failure", async () => {
    const failure = new Error("no https");
    Object.defineProperty(navigator, "serviceWorker", { value: { register: vi.fn().mockRejectedValue(failure) }, configurable: true });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(registerServiceWorker()).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith("Service worker registration failed", failure);
  });

  it("does nothing where service workers are not supported", async () => {
    await expect(registerServiceWorker()).resolves.toBeNull();
  });
});
