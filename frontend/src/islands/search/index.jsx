import shopTexts from "../../i18n/shop";
import { mountPageIsland } from "../../lib/hydrate";
import Search from "./Search";

mountPageIsland(document.getElementById("island"), <Search />, [shopTexts]);
