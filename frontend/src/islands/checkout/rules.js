// The checkout's address rules of spec section 5, kept out of the screens so they read plainly.

/** An address can be shipped to once street, city and postal code are all filled in. */
export function isAddressComplete(address) {
  return Boolean(address && ["street", "city", "postalCode"].every((field) => String(address[field] ?? "").trim()));
}

export function addressLine(address) {
  return `${address.street}, ${address.city} ${address.postalCode}`;
}
