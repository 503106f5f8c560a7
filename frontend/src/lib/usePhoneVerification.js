// The phone + SMS code step shared by Register and Forgot password (spec section 4): the server
// sends a 6-digit code, checks it, and answers with a short-lived verificationToken that the
// registration or password reset then carries. Sending again is locked for 5 minutes per number.
import { useCallback, useEffect, useState } from "react";
import { api, errorMessage } from "./api";
import { t } from "./i18n";
import { isCompleteFullPhone, isValidOtp, nationalNumber } from "./phone";
import { toast } from "./toast";

export const OTP_RESEND_LOCK_MS = 300_000;
/** A catalog key (lib/i18n.js). */
export const OTP_SENT_TEXT = "otp.sent";

/** 299_000 → "4:59". */
export function formatRemaining(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function lockMs(seconds) {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? value * 1000 : OTP_RESEND_LOCK_MS;
}

export default function usePhoneVerification(purpose) {
  const [phone, setPhoneValue] = useState("91");
  const [otp, setOtp] = useState("");
  const [sentTo, setSentTo] = useState("");
  const [verificationToken, setVerificationToken] = useState("");
  const [lock, setLock] = useState({ phone: "", until: 0 });
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState("");
  const [error, setError] = useState("");

  const lockedFor = lock.phone === phone ? Math.max(0, lock.until - now) : 0;
  const locked = lockedFor > 0;

  // Tick once a second while locked, so the remaining time shows and the button comes back.
  useEffect(() => {
    if (!locked) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [locked]);

  // A code belongs to the number it was sent to: a new number starts over.
  const setPhone = useCallback(
    (value) => {
      setPhoneValue(value);
      if (value !== sentTo) {
        setOtp("");
        setVerificationToken("");
      }
      setError("");
    },
    [sentTo],
  );

  const send = async () => {
    if (!isCompleteFullPhone(phone) || lockedFor > 0 || busy) return;
    setBusy("send");
    setError("");
    try {
      const response = await api("/api/users/otp/send", {
        method: "POST",
        body: { phoneNo: nationalNumber(phone), purpose },
      });
      toast.success(t(OTP_SENT_TEXT));
      setSentTo(phone);
      setOtp("");
      setVerificationToken("");
      const sentAt = Date.now();
      setNow(sentAt);
      setLock({ phone, until: sentAt + lockMs(response?.resendIn) });
    } catch (failure) {
      console.error("Sending the OTP failed", failure);
      setError(errorMessage(failure));
      // The server says how long to wait when this number asked too recently.
      if (failure?.status === 429 && failure.data?.retryAfter) {
        const at = Date.now();
        setNow(at);
        setLock({ phone, until: at + lockMs(failure.data.retryAfter) });
      }
    } finally {
      setBusy("");
    }
  };

  const verify = async () => {
    if (!isValidOtp(otp) || busy || !sentTo) return;
    setBusy("verify");
    setError("");
    try {
      const response = await api("/api/users/otp/verify", {
        method: "POST",
        body: { phoneNo: nationalNumber(sentTo), code: otp, purpose },
      });
      setVerificationToken(response.verificationToken);
    } catch (failure) {
      console.error("Verifying the OTP failed", failure);
      setError(errorMessage(failure));
    } finally {
      setBusy("");
    }
  };

  return {
    phone,
    setPhone,
    otp,
    setOtp,
    otpSent: Boolean(sentTo) && sentTo === phone,
    verified: Boolean(verificationToken) && sentTo === phone,
    verificationToken,
    canSend: isCompleteFullPhone(phone) && lockedFor <= 0 && !busy,
    canVerify: isValidOtp(otp) && !busy,
    lockedFor,
    sending: busy === "send",
    verifying: busy === "verify",
    error,
    send,
    verify,
  };
}
