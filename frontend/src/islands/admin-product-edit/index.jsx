import { createRoot } from "react-dom/client";
import AdminProductEditPage from "./AdminProductEditPage";

const island = document.getElementById("island");
const packId = new URLSearchParams(window.location.search).get("pack") ?? "";
createRoot(island).render(
  <AdminProductEditPage productRef={island.dataset.productRef} detailId={island.dataset.detailId} packId={packId} />,
);
