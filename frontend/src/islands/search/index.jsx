import shopTexts from "../../i18n/shop";
import { mountIsland } from "../../lib/mount";
import Search from "./Search";

mountIsland(document.getElementById("island"), <Search />, [shopTexts]);
