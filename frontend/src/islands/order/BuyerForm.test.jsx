import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import BuyerForm from "./BuyerForm";

const order = { _id: "abc123", buyer: null, canNameBuyer: true };
const URL = "/api/orders/abc123/buyer";

afterEach(() => vi.unstubAllGlobals());

describe("BuyerForm (issue 43)", () => {
  it("sends the GSTIN and name and hands on the order the server answers", async () => {
    const named = { ...order, buyer: { gstin: "37AAPFU0939F1ZU", name: "Sri Lakshmi Caterers", stateCode: "37" } };
    const fetchMock = mockFetch({ [`PUT ${URL}`]: { body: named } });
    const success = vi.spyOn(toast, "success");
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<BuyerForm order={order} onSaved={onSaved} />);
    expect(screen.getByRole("heading", { name: "Business buyer on this invoice" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("GSTIN"), "37aapfu0939f1zu");
    await user.type(screen.getByLabelText("Business's legal name"), "Sri Lakshmi Caterers");
    await user.click(screen.getByRole("button", { name: "Save buyer" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(named));
    expect(sentBody(fetchMock, "PUT", URL)).toEqual({ buyerGstin: "37aapfu0939f1zu", buyerName: "Sri Lakshmi Caterers" });
    expect(success).toHaveBeenCalledWith("The invoice now names the business buyer.");
  });

  it("starts from the buyer the invoice names", () => {
    mockFetch({});
    render(<BuyerForm order={{ ...order, buyer: { gstin: "37AAPFU0939F1ZU", name: "Sri Lakshmi Caterers" } }} />);
    expect(screen.getByLabelText("GSTIN")).toHaveValue("37AAPFU0939F1ZU");
    expect(screen.getByLabelText("Business's legal name")).toHaveValue("Sri Lakshmi Caterers");
  });

  it("shows the server's refusal of a wrong check character under the form and saves nothing", async () => {
    const refusal = "This GSTIN's last character does not match: check it for a typing slip.";
    mockFetch({ [`PUT ${URL}`]: { status: 400, body: { message: refusal, code: "gstin_check" } } });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<BuyerForm order={order} onSaved={onSaved} />);
    await user.type(screen.getByLabelText("GSTIN"), "37AAPFU0939F1ZV");
    await user.type(screen.getByLabelText("Business's legal name"), "Sri Lakshmi Caterers");
    await user.click(screen.getByRole("button", { name: "Save buyer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(screen.getByLabelText("GSTIN")).toHaveAttribute("aria-invalid", "true");
    expect(onSaved).not.toHaveBeenCalled();
  });
});
