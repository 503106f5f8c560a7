import orderTexts from "../../i18n/order";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import OrderPage from "./OrderPage";

// The template names the order (data-order-id); the path is the fallback: /order/{id}.
const mount = document.getElementById("island");
const orderId = mount.dataset.orderId || decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] ?? "");
mountIsland(mount, <OrderPage orderId={orderId} />, [orderTexts, ordersTexts]);
