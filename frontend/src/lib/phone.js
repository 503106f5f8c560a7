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

export function toFullPhone(nationalNumber) {
  return COUNTRY_CODE + onlyDigits(nationalNumber).slice(0, PHONE_DIGITS);
}

/** '919876543210' → '9876543210' (the wire format never carries the 91). */
export function nationalNumber(fullPhone) {
  const digits = onlyDigits(fullPhone);
  return digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
}

export function isValidOtp(value) {
  return OTP_PATTERN.test(value ?? "");
}
