import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearUserInfo, setUserInfo } from "../../lib/auth";
import ReportProblemLink from "./ReportProblemLink";

const order = { _id: "Order000000000000001", isDelivered: true, user: { name: "Asha", phoneNo: "9876500001" } };
const signIn = (phoneNo) => setUserInfo({ name: "Asha", phoneNo, token: "t" });

afterEach(() => clearUserInfo());

describe("the order page's report link", () => {
  it("leads the shopper of a delivered order to its report page", () => {
    signIn("9876500001");
    render(<ReportProblemLink order={order} />);
    expect(screen.getByRole("link", { name: "Report a problem" })).toHaveAttribute("href", "/order/Order000000000000001/report");
  });

  it("is not shown before delivery, nor to staff viewing someone's order", () => {
    signIn("9876500001");
    const { container, rerender } = render(<ReportProblemLink order={{ ...order, isDelivered: false }} />);
    expect(container).toBeEmptyDOMElement();
    signIn("9000000001");
    rerender(<ReportProblemLink order={{ ...order }} />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});
