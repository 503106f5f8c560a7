import { mountIsland } from "../../lib/mount";
import Category from "./Category";

mountIsland(document.getElementById("island"), <Category />);
