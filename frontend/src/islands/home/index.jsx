import homeTexts from "../../i18n/home";
import shopTexts from "../../i18n/shop";
import { mountPageIsland } from "../../lib/hydrate";
import { textsLoaded } from "../../lib/i18n";
import { mountIsland } from "../../lib/mount";
import Home from "./Home";
import "./home.css";

mountPageIsland(document.getElementById("island"), <Home />, [homeTexts, shopTexts]);
// The delivery checker under the header bar (base.html writes #delivery-slot on / only, not on /page/n), with the
// part that shows it while the page is at the top. Loaded from here rather than from the chrome:
// its chunk then leaves out what the home island brings already (lib/api, lib/useApi...), which
// the chrome no longer carries for every page.
const deliverySlot = document.getElementById("delivery-slot");
if (deliverySlot) {
  import(/* webpackChunkName: "delivery-checker" */ "../../components/delivery/HeaderDelivery")
    .then(textsLoaded)
    .then(({ default: HeaderDelivery }) => mountIsland(deliverySlot, <HeaderDelivery />));
}
