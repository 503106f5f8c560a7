import checkoutTexts from "../../i18n/checkout";
import counterTexts from "../../i18n/counter";
import phoneOrderTexts from "../../i18n/phone-order";
import { mountIsland } from "../../lib/mount";
import PhoneOrderPage from "./PhoneOrderPage";

mountIsland(document.getElementById("island"), <PhoneOrderPage />, [phoneOrderTexts, counterTexts, checkoutTexts]);
