import { describe, expect, it } from "vitest";
import { loginUrl } from "./navigation";

describe("loginUrl", () => {
  it("returns to the given path after signing in", () => {
    expect(loginUrl("/shipping")).toBe("/login?redirect=/shipping");
  });

  it("defaults to the current page with its query", () => {
    window.history.replaceState(null, "", "/admin/orderlist?pageNumber=2");
    expect(loginUrl()).toBe("/login?redirect=/admin/orderlist%3FpageNumber%3D2");
  });
});
