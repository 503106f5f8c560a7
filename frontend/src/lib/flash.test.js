import { afterEach, describe, expect, it, vi } from "vitest";
import { flash } from "./flash";
import { showFlash, toast } from "./toast";

afterEach(() => window.sessionStorage.clear());

describe("flash", () => {
  it("shows the message once on the next page", () => {
    const success = vi.spyOn(toast, "success");
    flash("success", "Password reset successfully");
    expect(showFlash()).toEqual({ variant: "success", text: "Password reset successfully" });
    expect(success).toHaveBeenCalledWith("Password reset successfully");
    expect(showFlash()).toBeNull();
    expect(success).toHaveBeenCalledTimes(1);
  });

  it("ignores garbage", () => {
    window.sessionStorage.setItem("flash", "{not json");
    expect(showFlash()).toBeNull();
  });
});
