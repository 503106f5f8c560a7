// The one client-side password rule the screens share (spec section 5): the confirmation must
// match. Strength is the server's business.
/** A catalog key (lib/i18n.js). */
export const PASSWORDS_DO_NOT_MATCH = "password.mismatch";

export function passwordsMatch(password, confirmPassword) {
  return password === confirmPassword;
}
