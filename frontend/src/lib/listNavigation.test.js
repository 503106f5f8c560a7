import { describe, expect, it } from "vitest";
import { nextActive } from "./listNavigation";

describe("nextActive", () => {
  it("starts at the first going down and at the last going up", () => {
    expect(nextActive(-1, 1, 3)).toBe(0);
    expect(nextActive(-1, -1, 3)).toBe(2);
  });

  it("wraps around both ends", () => {
    expect(nextActive(2, 1, 3)).toBe(0);
    expect(nextActive(0, -1, 3)).toBe(2);
    expect(nextActive(1, 1, 3)).toBe(2);
  });

  it("has nothing to pick in an empty list", () => {
    expect(nextActive(-1, 1, 0)).toBe(-1);
  });
});
