// One island for the three checkout steps; the page's template names its step in data-step. Each
// step is a chunk of its own, fetched at once: a page loads its own step's code, not the other
// two's (bench/frontend_weight.py counts the largest step with the island's start).
import checkoutTexts from "../../i18n/checkout";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import "./checkout.css";
// What every step shows comes with the island, once (not a copy in each step's chunk), and the step
// bar's stylesheet with the page's.
import "../../components/CheckoutSteps";
import "../../components/Message";

const STEPS = {
  shipping: () => import(/* webpackChunkName: "checkout-shipping" */ "./ShippingStep"),
  payment: () => import(/* webpackChunkName: "checkout-payment" */ "./PaymentStep"),
  placeorder: () => import(/* webpackChunkName: "checkout-placeorder" */ "./PlaceOrderStep"),
};

const mount = document.getElementById("island");
const step = mount.dataset.step || window.location.pathname.replace(/^\/+|\/+$/g, "");
(STEPS[step] ?? STEPS.shipping)().then(({ default: Step }) => mountIsland(mount, <Step />, [checkoutTexts, ordersTexts]));
