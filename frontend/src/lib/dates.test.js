import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMonth, teluguDayPeriod } from "./dates";

const NOON_IST = "2026-11-26T07:25:00Z"; // 12:55 in Kolkata

describe("dates", () => {
  it("reads English as en-IN, in the shop's time zone", () => {
    expect(formatDate(NOON_IST, "en")).toBe("26 Nov 2026");
    expect(formatDateTime(NOON_IST, "en")).toBe("26 Nov 2026, 12:55 pm");
    expect(formatMonth("2026-11", "en")).toBe("November 2026");
  });

  it("reads Telugu with the day's part before the time, and no Latin letters a sentence could suffix", () => {
    expect(formatDate(NOON_IST, "te")).toBe("26 నవంబర్ 2026");
    expect(formatDateTime(NOON_IST, "te")).toBe("26 నవంబర్ 2026, మధ్యాహ్నం 12:55");
    expect(formatDateTime("2026-11-25T20:05:00Z", "te")).toBe("26 నవంబర్ 2026, రాత్రి 1:35");
    expect(formatMonth("2026-11", "te")).toBe("నవంబర్ 2026");
    expect(formatDateTime(NOON_IST, "te")).not.toMatch(/[A-Za-z]/);
  });

  it("names the parts of the day", () => {
    expect([3, 4, 11, 12, 15, 16, 18, 19, 23].map(teluguDayPeriod)).toEqual([
      "రాత్రి", "ఉదయం", "ఉదయం", "మధ్యాహ్నం", "మధ్యాహ్నం", "సాయంత్రం", "సాయంత్రం", "రాత్రి", "రాత్రి",
    ]);
  });

  it("gives nothing for a missing date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});
