import { brandVariants } from "../lib/product";
import ProductCard from "./ProductCard";

/** Product cards, one per brand variant, in a responsive grid (or a scrolling row). */
export default function ProductGrid({ products, row = false, label }) {
  return (
    <div className={row ? "product-row" : "product-grid"} aria-label={label} role={label ? "list" : undefined}>
      {brandVariants(products).map(({ product, detail, key }) => (
        <div key={key} className="product-grid__cell" role={label ? "listitem" : undefined}>
          <ProductCard product={product} detail={detail} />
        </div>
      ))}
    </div>
  );
}
