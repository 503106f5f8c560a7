// The shop's public settings, rendered by the server into <script id="shop-config">.
function readConfig() {
  const node = typeof document !== "undefined" ? document.getElementById("shop-config") : null;
  if (!node) return {};
  try {
    return JSON.parse(node.textContent);
  } catch {
    return {};
  }
}

export const config = {
  storeName: "SMLR Mart",
  whatsappNumber: "",
  phoneNumber: "",
  supportEmail: "",
  supportPhone: "",
  gstNumber: "",
  fssaiNumber: "",
  social: {},
  googleMapsKey: "",
  onlinePayment: "Y",
  ...readConfig(),
};
