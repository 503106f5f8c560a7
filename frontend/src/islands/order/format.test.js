import { describe, expect, it } from "vitest";
import { packLabel } from "./format";

describe("order formats", () => {
  it("names a pack by quantity and units", () => {
    expect(packLabel({ quantity: "500", units: "g" })).toBe("500 g");
  });
});
