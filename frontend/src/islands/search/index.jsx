import { mountIsland } from "../../lib/mount";
import Search from "./Search";

mountIsland(document.getElementById("island"), <Search />);
