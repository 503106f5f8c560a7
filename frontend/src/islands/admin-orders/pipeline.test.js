import { describe, expect, it } from "vitest";
import { boardUrl, listUrl, moveRequest, orderMoves, readListQuery } from "./pipeline";

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

  it("asks the board for a filter, and with a cursor for what changed after it", () => {
    expect(boardUrl({})).toBe("/api/orders/board");
    expect(boardUrl({ status: "problem", q: "SMLR-1", date: "2026-11-26" })).toBe("/api/orders/board?status=problem&q=SMLR-1&date=2026-11-26");
    expect(boardUrl({ status: "packed", since: "41" })).toBe("/api/orders/board?since=41&status=packed");
  });

  it("keeps the filter in the address", () => {
    expect(listUrl({})).toBe("/admin/orderlist");
    expect(listUrl({ status: "packed", q: "Asha", date: "2026-11-26" })).toBe("/admin/orderlist?status=packed&q=Asha&date=2026-11-26");
    expect(readListQuery("?status=cancelled&q=98765&date=2026-11-26")).toEqual({ status: "cancelled", q: "98765", date: "2026-11-26" });
    expect(readListQuery("?status=lost&pageNumber=-2&date=soon")).toEqual({ status: "", q: "", date: "" });
    expect(readListQuery("")).toEqual({ status: "", q: "", date: "" });
  });
});
