import { render, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "../../lib/cart";
import { flash } from "../../lib/flash";
import * as realtime from "../../lib/realtime";
import { toast } from "../../lib/toast";
import Chrome from "./Chrome";
import { ChromeLater } from "./ChromeLater";

vi.mock("../../lib/serviceWorker", () => ({ registerServiceWorker: vi.fn() }));

beforeEach(() => sessionStorage.clear());

describe("Chrome", () => {
  it("(its later part) shows once the message the previous page left", () => {
    const success = vi.spyOn(toast, "success");
    flash("success", "Password reset successfully");

    render(<ChromeLater />);

    expect(success).toHaveBeenCalledWith("Password reset successfully");
    expect(sessionStorage.getItem("flash")).toBeNull();
  });

  it("starts the page's one realtime connection once the cart has a line", async () => {
    const sockets = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        static OPEN = 1;
        constructor(url) {
          this.url = url;
          sockets.push(this);
        }
        close() {}
      },
    );
    realtime.startRealtime()(); // stop the connection an earlier render started
    const start = vi.spyOn(realtime, "startRealtime");
    render(<Chrome />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(start).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(0);

    addToCart({ productId: "1", brand: "B", quantity: "1", financialId: "11", price: 10, dprice: 9 });
    await waitFor(() => expect(sockets.map((socket) => new URL(socket.url).pathname)).toEqual(["/ws/cart/"]));
    expect(start).toHaveBeenCalledTimes(1);
    start.mock.results[0].value(); // stop it, for the next test
    vi.unstubAllGlobals();
  });
});
