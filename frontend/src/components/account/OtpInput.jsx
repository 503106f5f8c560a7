// Six one-digit boxes for the SMS code. Typing moves to the next box, Backspace on an empty box
// goes back, and a pasted or autofilled code (autocomplete="one-time-code") fills every box.
import { useRef } from "react";
import { useT } from "../../lib/i18n";
import { OTP_LENGTH, onlyDigits } from "../../lib/phone";

export default function OtpInput({ value, onChange, disabled = false, idPrefix = "otp" }) {
  const t = useT();
  const boxes = useRef([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) => value[index] ?? "");

  const focus = (index) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const fillFrom = (index, typed) => {
    const next = [...digits];
    typed.split("").forEach((digit, offset) => {
      if (index + offset < OTP_LENGTH) next[index + offset] = digit;
    });
    onChange(next.join("").slice(0, OTP_LENGTH));
    focus(index + typed.length);
  };

  const handleChange = (index, event) => {
    const typed = onlyDigits(event.target.value);
    if (!typed) {
      const next = [...digits];
      next[index] = "";
      onChange(next.join(""));
      return;
    }
    // Typing into a box that already holds a digit gives the old digit plus the new one.
    let incoming = typed;
    if (digits[index] && typed.length === 2) {
      const old = typed.indexOf(digits[index]);
      incoming = typed.slice(0, old) + typed.slice(old + 1);
    }
    fillFrom(index, incoming);
  };

  const handleKeyDown = (index, event) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = "";
      onChange(next.join(""));
      focus(index - 1);
    } else if (event.key === "ArrowLeft") {
      focus(index - 1);
    } else if (event.key === "ArrowRight") {
      focus(index + 1);
    }
  };

  const handlePaste = (index, event) => {
    const pasted = onlyDigits(event.clipboardData?.getData("text"));
    if (!pasted) return;
    event.preventDefault();
    fillFrom(index, pasted.slice(0, OTP_LENGTH - index));
  };

  return (
    <div className="otp-input" role="group" aria-label={t("otp.label")}>
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder; the index is their identity.
          key={index}
          id={`${idPrefix}-${index + 1}`}
          ref={(node) => {
            boxes.current[index] = node;
          }}
          className="otp-input__digit"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          maxLength={index === 0 ? OTP_LENGTH : 2}
          aria-label={t("otp.digit", { n: index + 1 })}
          value={digit}
          disabled={disabled}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
