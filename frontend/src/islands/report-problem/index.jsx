import reportTexts from "../../i18n/report-problem";
import { mountIsland } from "../../lib/mount";
import ReportProblemPage from "./ReportProblemPage";

// The template names the order (data-order-id); the path is the fallback: /order/{id}/report.
const mount = document.getElementById("island");
const orderId = mount.dataset.orderId || decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] ?? "");
mountIsland(mount, <ReportProblemPage orderId={orderId} />, [reportTexts]);
