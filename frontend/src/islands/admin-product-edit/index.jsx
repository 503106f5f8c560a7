import { createRoot } from "react-dom/client";
import AdminProductEditPage from "./AdminProductEditPage";

const island = document.getElementById("island");
createRoot(island).render(<AdminProductEditPage productRef={island.dataset.productRef} detailId={island.dataset.detailId} />);
