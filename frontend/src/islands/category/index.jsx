import shopTexts from "../../i18n/shop";
import { mountPageIsland } from "../../lib/hydrate";
import Category from "./Category";

mountPageIsland(document.getElementById("island"), <Category />, [shopTexts]);
