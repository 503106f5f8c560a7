import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, packLabel } from "./format";

describe("order formats", () => {
  it("shows dates in India time", () => {
    expect(formatDate("2026-11-28T20:00:00Z")).toBe("29 Nov 2026");
    expect(formatDateTime("2026-11-28T10:05:00Z")).toBe("28 Nov 2026, 3:35 pm");
  });

  it("shows nothing for a missing or broken date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("names a pack by quantity and units", () => {
    expect(packLabel({ quantity: "500", units: "g" })).toBe("500 g");
  });
});
