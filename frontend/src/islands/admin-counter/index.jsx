import counterTexts from "../../i18n/counter";
import { mountIsland } from "../../lib/mount";
import CounterPage from "./CounterPage";

mountIsland(document.getElementById("island"), <CounterPage />, [counterTexts]);
