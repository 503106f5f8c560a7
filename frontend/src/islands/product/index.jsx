import productTexts from "../../i18n/product";
import shopTexts from "../../i18n/shop";
import { mountIsland } from "../../lib/mount";
import ProductPage from "./ProductPage";
import "./product.css";

mountIsland(document.getElementById("island"), <ProductPage />, [productTexts, shopTexts]);
