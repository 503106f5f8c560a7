import { afterEach, describe, expect, it, vi } from "vitest";
import { followStaffOrders } from "./staffLive";
import { FakeSocket } from "./testing/fakeSocket";

const location = { protocol: "http:", host: "shop.example" };
const options = { WebSocketImpl: FakeSocket, location, token: () => "a.b.c", random: () => 0.5 };

afterEach(() => {
  FakeSocket.all = [];
  vi.useRealTimers();
});

describe("following every order as staff", () => {
  it("signs in first, catches up on following and hears each change's cursor", () => {
    const onFollowing = vi.fn();
    const onChanged = vi.fn();
    const stop = followStaffOrders({ onFollowing, onChanged }, options);
    const [socket] = FakeSocket.all;
    expect(socket.url).toBe("ws://shop.example/ws/staff/orders/");
    socket.open();
    expect(socket.sent).toEqual([{ type: "follow", token: "a.b.c" }]);
    socket.receive({ type: "following" });
    expect(onFollowing).toHaveBeenCalledTimes(1);
    socket.receive({ type: "orderChanged", cursor: "41" });
    expect(onChanged).toHaveBeenCalledWith("41");
    stop();
    expect(socket.closedWith).toBe(1000);
  });

  it("reconnects after a drop and catches up again once following", () => {
    vi.useFakeTimers();
    const onFollowing = vi.fn();
    const statuses = [];
    followStaffOrders({ onFollowing, onChanged: vi.fn(), onStatus: (status) => statuses.push(status) }, options);
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: "following" });
    FakeSocket.all[0].drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive({ type: "following" });
    expect(onFollowing).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual(["connecting", "live", "waiting", "connecting", "live"]);
  });

  it("stops for good when refused, and never connects without a sign-in", () => {
    vi.useFakeTimers();
    const onStatus = vi.fn();
    followStaffOrders({ onFollowing: vi.fn(), onChanged: vi.fn(), onStatus }, options);
    FakeSocket.all[0].drop(4403);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onStatus).toHaveBeenLastCalledWith("stopped");
    followStaffOrders({ onFollowing: vi.fn(), onChanged: vi.fn() }, { ...options, token: () => undefined });
    expect(FakeSocket.all).toHaveLength(1);
  });
});
