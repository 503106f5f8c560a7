import { describe, expect, it } from "vitest";
import { currentTrackingMessage, orderProgress, trackingSteps } from "./progress";

const placed = { isPaid: false, isPacked: false, isDispatched: false, isDelivered: false, createdAt: "2026-05-01T10:00:00Z" };

describe("orderProgress", () => {
  it("fills 25% placed, 50% paid, 65% packed, 85% dispatched, 100% delivered", () => {
    expect(orderProgress(placed)).toBe(25);
    expect(orderProgress({ ...placed, isPaid: true })).toBe(50);
    expect(orderProgress({ ...placed, isPacked: true })).toBe(65);
    expect(orderProgress({ ...placed, isPacked: true, isDispatched: true })).toBe(85);
    expect(orderProgress({ ...placed, isPacked: true, isDispatched: true, isDelivered: true })).toBe(100);
  });

  it("counts the pipeline step over payment, which is a separate flag", () => {
    expect(orderProgress({ ...placed, isPaid: true, isPacked: true })).toBe(65);
    expect(orderProgress({ ...placed, isPaid: true, isPacked: true, isDispatched: true, isDelivered: true })).toBe(100);
    expect(orderProgress({ ...placed, isPaid: false, isPacked: true, isDispatched: true, isDelivered: true })).toBe(100);
  });
});

describe("trackingSteps", () => {
  it("has the four messages in order, placed always done", () => {
    const steps = trackingSteps(placed);
    expect(steps.map((step) => step.message)).toEqual([
      "Order Successfully Placed and Packing In Progress",
      "Order Packed and Ready for Dispatch",
      "Order Dispatched and Delivery In Progress",
      "Order Delivered",
    ]);
    expect(steps.map((step) => step.done)).toEqual([true, false, false, false]);
    expect(steps[0].at).toBe("2026-05-01T10:00:00Z");
  });

  it("marks the steps reached, with their times, and names the furthest", () => {
    const order = { ...placed, isPacked: true, packedAt: "2026-05-01T12:00:00Z", isDispatched: true, dispatchedAt: "2026-05-02T08:00:00Z" };
    const steps = trackingSteps(order);
    expect(steps.map((step) => step.done)).toEqual([true, true, true, false]);
    expect(steps[2].at).toBe("2026-05-02T08:00:00Z");
    expect(steps[3].at).toBeNull();
    expect(currentTrackingMessage(order)).toBe("Order Dispatched and Delivery In Progress");
    expect(currentTrackingMessage(placed)).toBe("Order Successfully Placed and Packing In Progress");
  });
});
