import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearUserInfo, setUserInfo } from "./auth";
import { addToCart, clearCartItems, getCart, removeFromCart, setQty } from "./cart";
import { BACKOFF, clientCartMessage, realtimeState, reconnectDelay, startRealtime } from "./realtime";
import * as toastModule from "./toast";

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  static all = [];

  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    this.closedWith = null;
    FakeSocket.all.push(this);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close(code) {
    this.closedWith = code ?? 1005;
    this.readyState = FakeSocket.CLOSED;
  }

  // What the server does:
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1006 });
  }
}

const rice = {
  productId: "1",
  name: "Sona Masoori Rice",
  brand: "India Gate",
  brandId: "11",
  financialId: "101",
  quantity: "5",
  units: "kg",
  price: 450,
  dprice: 400,
  Discount: 11,
  image: "/media/rice.svg",
  slug: "rice",
};

function riceProduct({ dprice = 400, price = 450, countInStock = 25, financials } = {}) {
  return {
    _id: "1",
    name: "Sona Masoori Rice",
    details: [
      {
        _id: "11",
        brand: "India Gate",
        financials: financials ?? [
          { _id: "101", quantity: "5", units: "kg", price, dprice, Discount: 11, countInStock },
          { _id: "102", quantity: "1", units: "kg", price: 100, dprice: 95, Discount: 5, countInStock: 3 },
        ],
      },
    ],
  };
}

const page = () => {
  const listeners = new Map();
  return {
    visibilityState: "visible",
    addEventListener: (type, listener) => listeners.set(type, listener),
    removeEventListener: (type) => listeners.delete(type),
    hide() {
      this.visibilityState = "hidden";
      listeners.get("visibilitychange")?.();
    },
    show() {
      this.visibilityState = "visible";
      listeners.get("visibilitychange")?.();
    },
  };
};

let doc;
let stop;
const lastSocket = () => FakeSocket.all.at(-1);
const start = () => {
  stop = startRealtime({ WebSocketImpl: FakeSocket, doc, location: { protocol: "https:", host: "shop.example" }, random: () => 0.5 });
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  doc = page();
});

afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe("reconnectDelay", () => {
  it("starts at 1000 ms, doubles, and stops at 5000 ms", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it("varies by half the delay either way", () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1500);
    expect(reconnectDelay(1, () => 0)).toBe(1000);
    expect(reconnectDelay(5, () => 0)).toBe(5000);
  });
});

describe("the page's socket", () => {
  it("stays closed without cart lines and opens when the first pack is added", () => {
    start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(realtimeState.get().status).toBe("off");

    addToCart(rice);
    expect(FakeSocket.all).toHaveLength(1);
    expect(lastSocket().url).toBe("wss://shop.example/ws/cart/");
  });

  it("is one socket however many islands start it", () => {
    addToCart(rice);
    start();
    startRealtime({ WebSocketImpl: FakeSocket, doc, location: { protocol: "http:", host: "x" } });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("sends the cart on connecting, with only the fields the server compares", () => {
    addToCart(rice);
    start();
    lastSocket().open();
    expect(lastSocket().sent).toEqual([
      {
        type: "clientCart",
        cartItems: [{ productId: "1", financialId: "101", price: 450, dprice: 400, Discount: 11, countInStock: 10 }],
      },
    ]);
    expect(realtimeState.get().status).toBe("open");
  });

  it("carries a signed-in shopper's token, so the server counts the socket against them", () => {
    addToCart(rice);
    start();
    const socket = lastSocket();
    socket.open();
    expect(socket.sent[0]).not.toHaveProperty("token");
    setUserInfo({ _id: "7", name: "Asha", token: "a.b.c" });
    expect(socket.sent[1]).toMatchObject({ type: "clientCart", token: "a.b.c" });
    clearUserInfo();
    expect(socket.sent[2]).not.toHaveProperty("token");
  });

  it("sends the cart again after every change the server would see", () => {
    addToCart(rice);
    start();
    lastSocket().open();
    addToCart({ ...rice, financialId: "102", quantity: "1" });
    setQty(rice, 3); // the pack count is not part of the message: nothing new to send
    removeFromCart(rice);
    const sent = lastSocket().sent;
    expect(sent.map((message) => message.cartItems.map((line) => line.financialId))).toEqual([["101"], ["101", "102"], ["102"]]);
    expect(JSON.parse(clientCartMessage())).toEqual(sent[2]);
  });

  it("closes when the cart is emptied", () => {
    addToCart(rice);
    start();
    const socket = lastSocket();
    socket.open();
    clearCartItems();
    expect(socket.closedWith).toBe(1000);
    expect(realtimeState.get().status).toBe("off");
  });

  it("closes in a background tab and reconnects, sending the cart, when the tab is shown", () => {
    addToCart(rice);
    start();
    const first = lastSocket();
    first.open();
    doc.hide();
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(1);

    doc.show();
    expect(FakeSocket.all).toHaveLength(2);
    lastSocket().open();
    expect(lastSocket().sent[0].type).toBe("clientCart");
  });

  it("opens no socket in a tab that starts in the background", () => {
    addToCart(rice);
    doc.visibilityState = "hidden";
    start();
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe("reconnecting", () => {
  it("retries with the backoff, resets it once connected and sends the cart again", () => {
    addToCart(rice);
    start();
    lastSocket().drop(); // refused: the server or Redis is down
    expect(realtimeState.get().status).toBe("waiting");
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    lastSocket().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    for (let attempt = 0; attempt < 4; attempt += 1) {
      lastSocket().drop();
      vi.advanceTimersByTime(BACKOFF.maxDelayMs);
    }
    expect(FakeSocket.all).toHaveLength(7); // never waits more than 5 s

    lastSocket().open();
    expect(lastSocket().sent).toHaveLength(1);
    lastSocket().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(8); // back to the first delay
  });

  it("gives up on a connection that does not open within 20 s and tries again", () => {
    addToCart(rice);
    start();
    const hanging = lastSocket();
    vi.advanceTimersByTime(BACKOFF.connectTimeoutMs - 1);
    expect(hanging.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(hanging.closedWith).not.toBeNull();
    hanging.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("does not retry once the cart is empty", () => {
    addToCart(rice);
    start();
    lastSocket().drop();
    clearCartItems();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe("productUpdate", () => {
  it("refreshes the line and the totals, and names the product and its new price", () => {
    const info = vi.spyOn(toastModule.toast, "info");
    addToCart({ ...rice, qty: 2 });
    start();
    lastSocket().open();

    lastSocket().receive({ type: "productUpdate", product: riceProduct({ dprice: 380, countInStock: 25 }) });

    const cart = getCart();
    expect(cart.cartItems[0]).toMatchObject({ dprice: 380, price: 450, countInStock: 10, qty: 2 });
    expect(cart.itemsPrice).toBe("760.00");
    expect(cart.totalPrice).toBe("760.00");
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][0]).toMatch(/India Gate Sona Masoori Rice 5 kg.*₹380\.00/);
    // The changed cart goes back to the server, which then has nothing more to say.
    expect(lastSocket().sent.at(-1).cartItems[0].dprice).toBe(380);
  });

  it("marks a sold-out pack out of stock without a price notice", () => {
    const info = vi.spyOn(toastModule.toast, "info");
    addToCart({ ...rice, qty: 2 });
    start();
    lastSocket().open();
    lastSocket().receive({ type: "productUpdate", product: riceProduct({ countInStock: 0 }) });
    expect(getCart().cartItems[0]).toMatchObject({ countInStock: 0, qty: 2 });
    expect(info).not.toHaveBeenCalled();
  });

  it("treats a pack the product no longer sells as out of stock", () => {
    addToCart(rice);
    start();
    lastSocket().open();
    lastSocket().receive({ type: "productUpdate", product: { _id: "1", details: [] } });
    expect(getCart().cartItems[0].countInStock).toBe(0);
  });

  it("leaves other products' lines and an unchanged cart alone", () => {
    const other = { ...rice, productId: "2", financialId: "201", name: "Toor Dal" };
    addToCart(rice);
    addToCart(other);
    start();
    lastSocket().open();
    const before = window.localStorage.getItem("cart");
    lastSocket().receive({ type: "productUpdate", product: riceProduct({ countInStock: 10 }) });
    expect(window.localStorage.getItem("cart")).toBe(before);
    lastSocket().receive({ type: "productUpdate", product: { ...riceProduct(), _id: "2", details: [] } });
    expect(getCart().cartItems.map((line) => line.countInStock)).toEqual([10, 0]);
  });

  it("ignores errors and text that is not JSON", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    addToCart(rice);
    start();
    lastSocket().open();
    lastSocket().onmessage({ data: "not json" });
    lastSocket().receive({ type: "error", message: "Too many messages; slow down." });
    expect(warn).toHaveBeenCalledWith("Realtime:", "Too many messages; slow down.");
    expect(getCart().cartItems[0].dprice).toBe(400);
  });
});
