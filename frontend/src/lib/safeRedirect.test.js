import { describe, expect, it } from "vitest";
import { redirectTarget, safePath } from "./safeRedirect";

describe("redirect target", () => {
  it("defaults to the home page", () => {
    expect(redirectTarget("")).toBe("/");
    expect(redirectTarget("?other=1")).toBe("/");
  });

  it("follows a path on this site, with its query", () => {
    expect(redirectTarget("?redirect=/shipping")).toBe("/shipping");
    expect(redirectTarget("?redirect=%2Forder%2F5%3Fpay%3D1")).toBe("/order/5?pay=1");
  });

  it("never leaves the site", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "shipping",
      "",
    ]) {
      expect(safePath(value)).toBeNull();
      expect(redirectTarget(`?redirect=${encodeURIComponent(value)}`)).toBe("/");
    }
  });
});
