// The one client-side password rule the screens share (spec section 5): the confirmation must
// match. Strength is the server's business.
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

export function passwordsMatch(password, confirmPassword) {
  return password === confirmPassword;
}
