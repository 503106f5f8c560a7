import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { offersFrom, BUILT_IN_OFFERS } from "../../islands/home/Banners";
import { mockFetch } from "../../lib/testing/mockFetch";
import MyRewards from "./MyRewards";
import OrderRewards from "./OrderRewards";
import { amountStillDue, monthName, prizeText } from "./rewardText";

const reward = (fields) => ({ id: 1, promotionId: 2, promotion: "Silver Coin Offer", prize: "silver_coin", prizeLabel: "Silver coin", quantity: 1, status: "pending", statusLabel: "Pending delivery", month: "2026-11", orderId: "abc", createdAt: "2026-11-20T10:00:00+05:30", handedOverAt: null, ...fields });

describe("reward wording", () => {
  it("names months and prizes", () => {
    expect(monthName("2026-11")).toBe("November 2026");
    expect(prizeText(reward({ quantity: 2 }))).toBe("2 silver coins");
    expect(prizeText(reward({ prize: "earphones" }))).toBe("Free earphones");
    expect(prizeText(reward({ prize: "coupon", month: "2026-10" }))).toBe("Gold-coin draw coupon for October 2026");
  });
});

describe("home banners from the active promotions", () => {
  const gold = { id: 1, kind: "gold_coupon", title: "Dairy Gold Coin Offer", description: "Shop more", image: "", monthlyCap: 50, couponsLeft: 12, coinStep: null };
  const silver = { id: 2, kind: "silver_coin", title: "Silver Coin Offer", description: "Coins", image: "/media/s.png", coinStep: 5000 };

  it("shows the server's offers with their live state, then free delivery", () => {
    const offers = offersFrom([gold, silver]);
    expect(offers.map((offer) => offer.title)).toEqual([
      "Win a gold coin: 12 of 50 coupons left this month",
      "A free silver coin for every ₹5,000.00",
      "Free delivery within 24 hours",
    ]);
    expect(offersFrom([{ ...gold, couponsLeft: 0 }])[0].title).toBe("All 50 coupons are taken this month");
  });

  it("falls back to the built-in offers when none is active or they cannot load", () => {
    const builtIn = ["Win a gold coin with your dairy shopping", "A free silver coin for every ₹5,000"];
    expect(offersFrom([]).slice(0, 2).map((offer) => offer.title)).toEqual(builtIn);
    expect(offersFrom(null).slice(0, 2).map((offer) => offer.key)).toEqual(BUILT_IN_OFFERS.map((offer) => offer.key));
  });
});

describe("order rewards", () => {
  it("lists what the order will earn on delivery", async () => {
    mockFetch({
      "GET /api/promotions/orders/abc": {
        body: { orderId: "abc", status: "packed", rewards: [reward({}), reward({ id: 2, prize: "earphones" })] },
      },
    });
    render(<OrderRewards orderId="abc" />);
    const section = await screen.findByRole("region", { name: "This order will earn" });
    expect(within(section).getByText("1 silver coin")).toBeTruthy();
    expect(within(section).getByText("Free earphones")).toBeTruthy();
    expect(within(section).getAllByText("on delivery")).toHaveLength(2);
  });

  it("says earned once confirmed, and shows nothing for an order that earns nothing", async () => {
    mockFetch({
      "GET /api/promotions/orders/abc": { body: { orderId: "abc", status: "delivered", rewards: [reward({ status: "confirmed" })] } },
      "GET /api/promotions/orders/none": { body: { orderId: "none", status: "placed", rewards: [] } },
    });
    const { container } = render(<OrderRewards orderId="none" />);
    render(<OrderRewards orderId="abc" />);
    expect(await screen.findByRole("region", { name: "This order earned" })).toBeTruthy();
    expect(container.textContent).toBe("");
  });
});

describe("my rewards", () => {
  const mine = {
    month: "2026-11",
    gold: [{ promotionId: 1, title: "Dairy Gold Coin Offer", threshold: 3000, spent: 1200.5, onTheWay: 500, moreForCoupon: 1799.51, couponsLeft: 49, coupon: null }],
    coins: { earned: 2, pending: 1 },
    earphones: { earned: 1, pending: 0 },
    rewards: [reward({ prize: "coupon", month: "2026-10", status: "won", orderId: null }), reward({ id: 3, status: "confirmed", quantity: 2 })],
    draws: [{ promotion: "Dairy Gold Coin Offer", month: "2026-10", ranAt: "2026-11-01T00:00:00+05:30", eligible: 30, winners: 4, youWon: true }],
  };

  it("shows how much more earns this month's coupon, the coins and the draw results", async () => {
    mockFetch({ "GET /api/promotions/mine": { body: mine } });
    render(<MyRewards />);
    expect(await screen.findByText("₹1,800 more this month for a gold-coin coupon")).toBeTruthy();
    expect(screen.getByText(/₹500.00 on the way/)).toBeTruthy();
    expect(screen.getByText("+1 on delivery")).toBeTruthy();
    expect(screen.getByText("You won the gold coin!")).toBeTruthy();
    expect(screen.getByText("October 2026")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "This month's purchases" }).getAttribute("aria-valuenow")).toBe("40");
  });

  it("says so once this month's coupon is earned", async () => {
    mockFetch({ "GET /api/promotions/mine": { body: { ...mine, gold: [{ ...mine.gold[0], spent: 3100, moreForCoupon: 0, coupon: reward({ prize: "coupon", status: "confirmed" }) }] } } });
    render(<MyRewards />);
    expect(await screen.findByText("You have a gold-coin coupon for November 2026.")).toBeTruthy();
  });

  it("shows the server's message when it cannot load", async () => {
    mockFetch({ "GET /api/promotions/mine": { status: 500, body: { message: "Something went wrong" } } });
    render(<MyRewards />);
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
  });
});

describe("amountStillDue", () => {
  it("reads a threshold in whole rupees: above ₹3,000 is ₹3,000, paise round up, never ₹0 while due", () => {
    expect(amountStillDue(3000.01)).toBe("₹3,000");
    expect(amountStillDue(1799.51)).toBe("₹1,800");
    expect(amountStillDue(125000)).toBe("₹1,25,000");
    expect(amountStillDue(0.01)).toBe("₹1");
    expect(amountStillDue(0)).toBe("₹0");
  });
});
