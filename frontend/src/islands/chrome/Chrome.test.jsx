import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { flash } from "../../lib/flash";
import { toast } from "../../lib/toast";
import Chrome from "./Chrome";

vi.mock("../../lib/serviceWorker", () => ({ registerServiceWorker: vi.fn() }));

beforeEach(() => sessionStorage.clear());

describe("Chrome", () => {
  it("shows once the message the previous page left", () => {
    const success = vi.spyOn(toast, "success");
    flash("success", "Password reset successfully");

    render(<Chrome />);

    expect(success).toHaveBeenCalledWith("Password reset successfully");
    expect(sessionStorage.getItem("flash")).toBeNull();
  });
});
