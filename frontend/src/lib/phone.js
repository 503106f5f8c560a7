// Phone numbers and OTP codes as the screens handle them (spec sections 5 and 9): a 10-digit
// number on the wire and in the login and profile forms; '91' plus those 10 digits (12
// characters) in the register and forgot-password phone fields, whose country is fixed to India.
export const COUNTRY_CODE = "91";
export const PHONE_DIGITS = 10;
export const OTP_LENGTH = 6;

const PHONE_PATTERN = /^\d{10}$/;
const FULL_PHONE_PATTERN = /^91\d{10}$/;
const OTP_PATTERN = /^\d{6}$/;

export function onlyDigits(value) {
  return String(value ?? "").replace(/\D/g, "");
}

/** Exactly 10 digits, no spaces or symbols. */
export function isValidPhone(value) {
  return PHONE_PATTERN.test(value ?? "");
}

/** The register / forgot-password value: '91' followed by 10 digits, 12 characters in all. */
export function isCompleteFullPhone(value) {
  return FULL_PHONE_PATTERN.test(value ?? "");
}

/** The 10 digits of a number as a person types or pastes it: spaces and dashes dropped, and a
 * leading +91 / 91 or 0 before 10 digits too ('98765 43210', '+91 98765-43210', '098765 43210'). */
export function typedPhoneDigits(typed) {
  const digits = onlyDigits(typed);
  if (digits.length === PHONE_DIGITS + COUNTRY_CODE.length && digits.startsWith(COUNTRY_CODE)) return digits.slice(COUNTRY_CODE.length);
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith("0")) return digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}

export function toFullPhone(nationalNumber) {
  return COUNTRY_CODE + typedPhoneDigits(nationalNumber);
}

/** '919876543210' → '9876543210' (the wire format never carries the 91). */
export function nationalNumber(fullPhone) {
  const digits = onlyDigits(fullPhone);
  return digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
}

export function isValidOtp(value) {
  return OTP_PATTERN.test(value ?? "");
}
