import cartTexts from "../../i18n/cart";
import { mountIsland } from "../../lib/mount";
import CartPage from "./CartPage";

mountIsland(document.getElementById("island"), <CartPage />, [cartTexts]);
