import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import OtpInput from "./OtpInput";

function Harness() {
  const [value, setValue] = useState("");
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

const box = (n) => screen.getByLabelText(`OTP digit ${n}`);

describe("OtpInput", () => {
  it("moves along as digits are typed and back on Backspace", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(1), "123");
    expect(box(4)).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("123");
    await user.keyboard("{Backspace}");
    expect(box(3)).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent(/^12$/);
  });

  it("fills every box from a pasted or autofilled code", () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => "98 76 54" } });
    expect(screen.getByRole("status")).toHaveTextContent("987654");
    expect(box(6)).toHaveValue("4");
    fireEvent.change(box(1), { target: { value: "123456" } });
    expect(screen.getByRole("status")).toHaveTextContent("123456");
  });

  it("replaces a digit typed over", () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: "111111" } });
    fireEvent.change(box(3), { target: { value: "15" } });
    expect(screen.getByRole("status")).toHaveTextContent("115111");
  });
});
