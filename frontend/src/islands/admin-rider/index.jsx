import riderTexts from "../../i18n/rider";
import { mountIsland } from "../../lib/mount";
import RiderPage from "./RiderPage";

mountIsland(document.getElementById("island"), <RiderPage />, [riderTexts]);
