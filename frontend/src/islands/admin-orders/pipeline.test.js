import { describe, expect, it } from "vitest";
import { apiListUrl, listUrl, moveRequest, orderMoves, readListQuery } from "./pipeline";

describe("admin order pipeline", () => {
  it("offers exactly the moves the server allows, in its order", () => {
    expect(orderMoves({ status: "placed", allowedMoves: ["packed", "cancelled"] })).toEqual([
      { status: "packed", label: "Mark as Packed" },
      { status: "cancelled", label: "Cancel Order" },
    ]);
    expect(orderMoves({ status: "dispatched", allowedMoves: ["delivered"] })).toEqual([{ status: "delivered", label: "Mark as Delivered" }]);
    // No allowedMoves (a customer's view, a finished order): no actions, nothing guessed from flags.
    expect(orderMoves({ status: "placed", isPacked: false })).toEqual([]);
  });

  it("moves through /status, delivers through /deliver and cancels with a reason through /cancel", () => {
    expect(moveRequest("Ab1", "packed")).toEqual({ path: "/api/orders/Ab1/status", method: "PUT", body: { status: "packed" } });
    expect(moveRequest("Ab1", "delivered")).toEqual({ path: "/api/orders/Ab1/deliver", method: "PUT" });
    expect(moveRequest("Ab1", "cancelled", { reason: "Out of stock" })).toEqual({
      path: "/api/orders/Ab1/cancel", method: "PUT", body: { reason: "Out of stock" },
    });
  });

  it("asks for a page and a status, the server choosing the page size", () => {
    expect(apiListUrl({ page: 2, status: "packed" })).toBe("/api/orders?pageNumber=2&status=packed");
  });

  it("keeps page and status filter in the address", () => {
    expect(listUrl({ page: 1, status: "" })).toBe("/admin/orderlist");
    expect(listUrl({ page: 3, status: "packed" })).toBe("/admin/orderlist?status=packed&pageNumber=3");
    expect(readListQuery("?status=cancelled&pageNumber=3")).toEqual({ page: 3, status: "cancelled" });
    expect(readListQuery("?status=lost&pageNumber=-2")).toEqual({ page: 1, status: "" });
    expect(readListQuery("")).toEqual({ page: 1, status: "" });
  });
});
