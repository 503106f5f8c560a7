import paymentReturnTexts from "../../i18n/payment-return";
import { mountIsland } from "../../lib/mount";
import PaymentSuccess from "./PaymentSuccess";

mountIsland(document.getElementById("island"), <PaymentSuccess />, [paymentReturnTexts]);
