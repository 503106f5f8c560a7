import adminPickingTexts from "../../i18n/admin-picking";
import { mountIsland } from "../../lib/mount";
import PickingPage, { readSheetQuery } from "./PickingPage";

const node = document.getElementById("island");
const { window: windowId, date } = readSheetQuery(window.location.search);
mountIsland(node, <PickingPage sheet={node?.dataset.sheet} windowId={windowId} date={date} />, [adminPickingTexts]);
