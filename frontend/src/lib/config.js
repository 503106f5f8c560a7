// The shop's public settings and commerce rules, rendered by the server into
// <script id="shop-config"> (shop/context_processors.py::shop_config, also GET /api/config).
// The browser keeps no copy of a rule: what is here is what the server said, and the defaults
// below only stand in for a page served without the script (tests, a stale cached page).
function readConfig() {
  const node = typeof document !== "undefined" ? document.getElementById("shop-config") : null;
  if (!node) return {};
  try {
    return JSON.parse(node.textContent);
  } catch {
    return {};
  }
}

const DEFAULTS = {
  storeName: "SMLR Mart",
  whatsappNumber: "",
  phoneNumber: "",
  supportEmail: "",
  supportPhone: "",
  gstNumber: "",
  fssaiNumber: "",
  social: {},
  googleMapsKey: "",
  paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }],
  packLimits: { card: { min: 1, max: 9 }, productPage: { min: 1, max: 10 } },
  shippingPrice: 0,
  gstRates: [],
  packUnits: [],
  substitutionPreferences: [],
};

export const config = { ...DEFAULTS, ...readConfig() };

/** {min, max} packs for "card" (product cards) or "productPage". */
export function packLimit(where) {
  return config.packLimits?.[where] ?? DEFAULTS.packLimits[where];
}

/** The server renderer (frontend/ssr): the config the page carries, for the render that follows. */
export function setConfig(given = {}) {
  for (const key of Object.keys(config)) delete config[key];
  Object.assign(config, DEFAULTS, given);
}
