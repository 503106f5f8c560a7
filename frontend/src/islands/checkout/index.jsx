// One island for the three checkout steps; the page's template names its step in data-step.
import checkoutTexts from "../../i18n/checkout";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import "./checkout.css";
import PaymentStep from "./PaymentStep";
import PlaceOrderStep from "./PlaceOrderStep";
import ShippingStep from "./ShippingStep";

const STEPS = { shipping: ShippingStep, payment: PaymentStep, placeorder: PlaceOrderStep };

const mount = document.getElementById("island");
const step = mount.dataset.step || window.location.pathname.replace(/^\/+|\/+$/g, "");
const Step = STEPS[step] ?? ShippingStep;
mountIsland(mount, <Step />, [checkoutTexts, ordersTexts]);
