// The checkout's address rules of spec section 5, kept out of the screens so they read plainly.

/** An address can be shipped to once street, city and postal code are all filled in. */
export function isAddressComplete(address) {
  return Boolean(address && ["street", "city", "postalCode"].every((field) => String(address[field] ?? "").trim()));
}

export function addressLine(address) {
  return `${address.street}, ${address.city} ${address.postalCode}`;
}

/** The business buyer checkout starts from: the one kept on the profile (issue 43), or none. */
export function profileBuyer(userInfo) {
  const kept = userInfo?.businessBuyer;
  return { gstin: kept?.gstin ?? "", name: kept?.name ?? "" };
}
