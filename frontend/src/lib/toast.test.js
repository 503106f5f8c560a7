import { afterEach, describe, expect, it } from "vitest";
import { flash } from "./flash";
import { redirect } from "./navigation";
import { showFlash } from "./toast";

afterEach(() => {
  sessionStorage.clear();
});

describe("showFlash", () => {
  it("shows the message the previous page left, once", () => {
    flash("danger", "Payment was not successful.");
    expect(showFlash()).toEqual({ variant: "danger", text: "Payment was not successful." });
    expect(showFlash()).toBeNull();
  });

  it("leaves a message for the next page alone once this page is being left (issue 45)", () => {
    // /payment/success without orderId: the message, then the redirect; the chrome's late part
    // mounting meanwhile must not take it (the shopper then never read it on /payment).
    // (jsdom goes nowhere but to a fragment.)
    flash("danger", "Payment was not successful.");
    redirect("#payment");
    expect(showFlash()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem("flash"))).toEqual({ variant: "danger", text: "Payment was not successful." });
  });
});
