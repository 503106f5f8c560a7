import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdleOrInput } from "./mount";

afterEach(() => vi.unstubAllGlobals());

describe("whenIdleOrInput", () => {
  it("starts at the first input, once, and not again when the browser goes idle", () => {
    let idle;
    vi.stubGlobal("requestIdleCallback", (callback) => (idle = callback));
    const start = vi.fn();
    whenIdleOrInput(start);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("keydown"));
    window.dispatchEvent(new Event("pointerdown"));
    idle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts when the browser is idle if the shopper does nothing", () => {
    let idle;
    vi.stubGlobal("requestIdleCallback", (callback, options) => {
      idle = callback;
      expect(options.timeout).toBe(3000);
    });
    const start = vi.fn();
    whenIdleOrInput(start);
    idle();
    window.dispatchEvent(new Event("scroll"));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
