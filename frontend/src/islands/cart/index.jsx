import cartTexts from "../../i18n/cart";
import { mountPageIsland } from "../../lib/hydrate";
import CartPage from "./CartPage";

mountPageIsland(document.getElementById("island"), <CartPage />, [cartTexts]);
