import adminProductEditTexts from "../../i18n/admin-product-edit";
import staffTexts from "../../i18n/staff";
import { mountIsland } from "../../lib/mount";
import AdminProductEditPage from "./AdminProductEditPage";

const island = document.getElementById("island");
const packId = new URLSearchParams(window.location.search).get("pack") ?? "";
mountIsland(
  island,
  <AdminProductEditPage productRef={island.dataset.productRef} detailId={island.dataset.detailId} packId={packId} />,
  [adminProductEditTexts, staffTexts],
);
