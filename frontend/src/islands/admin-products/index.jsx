import adminProductsTexts from "../../i18n/admin-products";
import staffTexts from "../../i18n/staff";
import { mountIsland } from "../../lib/mount";
import AdminProductsPage, { readProductListQuery } from "./AdminProductsPage";

const island = document.getElementById("island");
const query = readProductListQuery(window.location.search);
mountIsland(island, <AdminProductsPage page={Math.max(1, Number(island.dataset.pageNumber) || 1)} {...query} />, [adminProductsTexts, staffTexts]);
