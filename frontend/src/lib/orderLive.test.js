import { afterEach, describe, expect, it, vi } from "vitest";
import { followOrder } from "./orderLive";
import { FakeSocket } from "./testing/fakeSocket";

const location = { protocol: "https:", host: "shop.example" };
const options = { WebSocketImpl: FakeSocket, location, token: () => "a.b.c", random: () => 0.5 };

afterEach(() => {
  FakeSocket.all = [];
  vi.useRealTimers();
});

describe("following an order", () => {
  it("signs in with the first message and calls back on every change", () => {
    const changed = vi.fn();
    const stop = followOrder("Xy7", changed, options);
    const [socket] = FakeSocket.all;
    expect(socket.url).toBe("wss://shop.example/ws/orders/Xy7/");
    socket.open();
    expect(socket.sent).toEqual([{ type: "follow", token: "a.b.c" }]);
    socket.receive({ type: "following", order: "Xy7" });
    expect(changed).not.toHaveBeenCalled();
    socket.receive({ type: "orderChanged", order: "Xy7" });
    socket.receive({ type: "orderChanged", order: "Xy7" });
    expect(changed).toHaveBeenCalledTimes(2);
    stop();
    expect(socket.closedWith).toBe(1000);
  });

  it("reconnects after a drop and reads the order again once following", () => {
    vi.useFakeTimers();
    const changed = vi.fn();
    followOrder("Xy7", changed, options);
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: "following", order: "Xy7" });
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive({ type: "following", order: "Xy7" });
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it("stops for good when the server refuses the caller, and never connects without a sign-in", () => {
    vi.useFakeTimers();
    followOrder("Xy7", vi.fn(), options);
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop(4404);
    vi.advanceTimersByTime(60000);
    expect(FakeSocket.all).toHaveLength(1);
    followOrder("Xy7", vi.fn(), { ...options, token: () => undefined });
    expect(FakeSocket.all).toHaveLength(1);
  });
});
