import { describe, expect, it } from "vitest";
import { currentStatus, listUrl, nextStep, readListQuery, stepRequest } from "./pipeline";

describe("admin order pipeline", () => {
  it("offers the one step that follows each status, none after delivery", () => {
    expect(nextStep({ status: "placed" })).toEqual({ status: "packed", label: "Mark as Packed" });
    expect(nextStep({ status: "packed" }).status).toBe("dispatched");
    expect(nextStep({ status: "dispatched" }).status).toBe("delivered");
    expect(nextStep({ status: "delivered" })).toBeNull();
  });

  it("reads the status from the flags when the field is absent", () => {
    expect(currentStatus({ isPacked: true, isDispatched: true })).toBe("dispatched");
    expect(currentStatus({})).toBe("placed");
  });

  it("moves to packed or dispatched through /status and to delivered through /deliver", () => {
    expect(stepRequest("Ab1", "packed")).toEqual({ path: "/api/orders/Ab1/status", method: "PUT", body: { status: "packed" } });
    expect(stepRequest("Ab1", "delivered")).toEqual({ path: "/api/orders/Ab1/deliver", method: "PUT" });
  });

  it("keeps page and status filter in the address", () => {
    expect(listUrl({ page: 1, status: "" })).toBe("/admin/orderlist");
    expect(listUrl({ page: 3, status: "packed" })).toBe("/admin/orderlist?status=packed&pageNumber=3");
    expect(readListQuery("?status=packed&pageNumber=3")).toEqual({ page: 3, status: "packed" });
    expect(readListQuery("?status=lost&pageNumber=-2")).toEqual({ page: 1, status: "" });
    expect(readListQuery("")).toEqual({ page: 1, status: "" });
  });
});
