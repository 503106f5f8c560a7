// Phone Number, 'Send OTP via SMS', the six-digit code and 'Verify OTP' (Register and Forgot
// password). Once the code is verified the phone is fixed and the parent shows its password fields.
import Message from "../Message";
import OtpInput from "./OtpInput";
import PhoneInput from "./PhoneInput";
import { useT } from "../../lib/i18n";
import { formatRemaining } from "../../lib/usePhoneVerification";

export default function PhoneVerification({ idPrefix, verification }) {
  const t = useT();
  const { phone, setPhone, otp, setOtp, otpSent, verified, canSend, canVerify, lockedFor, sending, verifying, error } =
    verification;
  return (
    <>
      <PhoneInput id={`${idPrefix}-phone`} value={phone} onChange={setPhone} disabled={verified} />
      {!verified && (
        <div className="otp-send">
          {/* The locked button itself says how long is left, so a press that does nothing explains itself. */}
          <button
            type="button"
            className={`btn btn--secondary${lockedFor > 0 ? " otp-send__button--locked" : ""}`}
            onClick={verification.send}
            disabled={!canSend}
          >
            {sending ? <span className="spinner" aria-hidden="true" /> : null}
            {t("otp.send")}
            {lockedFor > 0 && <span className="otp-send__lock">{t("otp.resendIn", { time: formatRemaining(lockedFor) })}</span>}
          </button>
        </div>
      )}
      {otpSent && !verified && (
        <div className="otp-verify">
          <OtpInput idPrefix={`${idPrefix}-otp`} value={otp} onChange={setOtp} disabled={verifying} />
          <button type="button" className="btn btn--secondary" onClick={verification.verify} disabled={!canVerify}>
            {verifying ? <span className="spinner" aria-hidden="true" /> : null}
            {t("otp.verify")}
          </button>
        </div>
      )}
      {error && <Message variant="danger">{error}</Message>}
    </>
  );
}
