import { describe, expect, it, vi } from "vitest";
import { createBeeper } from "./beep";
import { groupByWindow, mergeChanges, shopToday, titleWithBadge } from "./board";
import { MUTE_KEY } from "./mute";

const row = (id, createdAt, extra = {}) => ({ _id: id, createdAt, status: "placed", ...extra });
const slot = (date, start, label) => ({ date, start, end: "23:00", label });

describe("the live board", () => {
  it("replaces changed rows, drops those that no longer fit and keeps the newest first", () => {
    const rows = [row("b", "2026-11-26T10:00:00Z"), row("a", "2026-11-26T09:00:00Z")];
    const merged = mergeChanges(rows, {
      changed: ["a", "b", "c"],
      orders: [row("a", "2026-11-26T09:00:00Z", { status: "packed" }), row("c", "2026-11-26T11:00:00Z")],
    });
    expect(merged.map((order) => [order._id, order.status])).toEqual([["c", "placed"], ["a", "packed"]]);
    expect(mergeChanges(rows, {})).toEqual(rows);
  });

  it("groups by window, today's first, then the days to come, earlier days, and orders without a slot", () => {
    const rows = [
      row("none", "1"),
      row("yesterday", "2", { deliverySlot: slot("2026-11-25", "07:00", "Wed 25 Nov, 7:00–10:00") }),
      row("tomorrow", "3", { deliverySlot: slot("2026-11-27", "07:00", "Fri 27 Nov, 7:00–10:00") }),
      row("today-late", "4", { deliverySlot: slot("2026-11-26", "16:00", "Thu 26 Nov, 16:00–19:00") }),
      row("today-early", "5", { deliverySlot: slot("2026-11-26", "07:00", "Thu 26 Nov, 7:00–10:00") }),
      row("today-early-2", "6", { deliverySlot: slot("2026-11-26", "07:00", "Thu 26 Nov, 7:00–10:00") }),
    ];
    const groups = groupByWindow(rows, "2026-11-26");
    expect(groups.map((group) => [group.label, group.today, group.orders.map((order) => order._id)])).toEqual([
      ["Thu 26 Nov, 7:00–10:00", true, ["today-early", "today-early-2"]],
      ["Thu 26 Nov, 16:00–19:00", true, ["today-late"]],
      ["Fri 27 Nov, 7:00–10:00", false, ["tomorrow"]],
      ["Wed 25 Nov, 7:00–10:00", false, ["yesterday"]],
      ["", false, ["none"]],
    ]);
  });

  it("puts an earlier day's window with late orders first, oldest first", () => {
    const rows = [
      row("today", "1", { deliverySlot: slot("2026-11-26", "07:00", "Thu 26 Nov, 7:00–10:00") }),
      row("yesterday-sent", "2", { deliverySlot: slot("2026-11-25", "16:00", "Wed 25 Nov, 16:00–19:00") }),
      row("yesterday", "3", { late: true, deliverySlot: slot("2026-11-25", "07:00", "Wed 25 Nov, 7:00–10:00") }),
      row("before", "4", { late: true, deliverySlot: slot("2026-11-24", "07:00", "Tue 24 Nov, 7:00–10:00") }),
    ];
    const groups = groupByWindow(rows, "2026-11-26");
    expect(groups.map((group) => [group.label, group.late])).toEqual([
      ["Tue 24 Nov, 7:00–10:00", true],
      ["Wed 25 Nov, 7:00–10:00", true],
      ["Thu 26 Nov, 7:00–10:00", false],
      ["Wed 25 Nov, 16:00–19:00", false],
    ]);
  });

  it("knows today in the shop's time zone", () => {
    expect(shopToday(new Date("2026-11-26T20:00:00Z"))).toBe("2026-11-27");
  });

  it("puts the count of new orders in the title, and takes it away", () => {
    expect(titleWithBadge("Orders | SMLR Mart", 3)).toBe("(3) Orders | SMLR Mart");
    expect(titleWithBadge("(3) Orders | SMLR Mart", 5)).toBe("(5) Orders | SMLR Mart");
    expect(titleWithBadge("(5) Orders | SMLR Mart", 0)).toBe("Orders | SMLR Mart");
  });
});

function fakeAudio() {
  const started = [];
  class FakeContext {
    state = "running";
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: {}, connect() {} };
    }
    createOscillator() {
      return { frequency: {}, connect() {}, start: (at) => started.push(at), stop() {} };
    }
  }
  return { FakeContext, started };
}

describe("the new-order beep", () => {
  it("plays only after a gesture unlocked the audio, and not when muted (remembered)", () => {
    const { FakeContext, started } = fakeAudio();
    const store = new Map();
    const storage = { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => store.set(key, value) };
    const beeper = createBeeper({ storage, AudioContextImpl: FakeContext });
    expect(beeper.beep()).toBe(false);
    beeper.unlock();
    expect(beeper.beep()).toBe(true);
    expect(started).toHaveLength(2);
    beeper.setMuted(true);
    expect(store.get(MUTE_KEY)).toBe("1");
    expect(createBeeper({ storage, AudioContextImpl: FakeContext }).muted).toBe(true);
    expect(beeper.beep()).toBe(false);
  });

  it("stays quiet where the browser has no audio", () => {
    const beeper = createBeeper({ storage: { getItem: vi.fn(), setItem: vi.fn() }, AudioContextImpl: undefined });
    beeper.unlock();
    expect(beeper.beep()).toBe(false);
  });
});
