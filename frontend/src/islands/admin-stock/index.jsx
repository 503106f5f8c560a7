import adminStockTexts from "../../i18n/admin-stock";
import { mountIsland } from "../../lib/mount";
import StockPage from "./StockPage";

mountIsland(document.getElementById("island"), <StockPage />, [adminStockTexts]);
