import { mountIsland } from "../../lib/mount";
import PaymentSuccess from "./PaymentSuccess";

mountIsland(document.getElementById("island"), <PaymentSuccess />);
