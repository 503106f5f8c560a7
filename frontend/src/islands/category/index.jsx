import shopTexts from "../../i18n/shop";
import { mountIsland } from "../../lib/mount";
import Category from "./Category";

mountIsland(document.getElementById("island"), <Category />, [shopTexts]);
