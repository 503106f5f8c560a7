import { brandVariants } from "../lib/product";
import ProductCard from "./ProductCard";

// Cards a listing shows in its first screen: two rows on a phone, the first row on a desktop.
export const FIRST_SCREEN_CARDS = 4;

/**
 * Product cards, one per brand variant, in a responsive grid (or a scrolling row). A page whose
 * grid opens its first screen passes `eager`: the first cards' pictures then load at once (one is
 * the largest paint of the page) instead of waiting for the browser to lay them out. `heading` is
 * the level of the cards' titles: 2 on a page whose heading is the h1 above the grid. `picked`: a
 * search answer's picks (the brand and pack size its text named), by product id.
 */
export default function ProductGrid({ products, row = false, label, eager = 0, heading = 3, picked = null }) {
  return (
    <div className={row ? "product-row" : "product-grid"} aria-label={label} role={label ? "list" : undefined}>
      {brandVariants(products, picked).map(({ product, detail, key }, index) => (
        <div key={key} className="product-grid__cell" role={label ? "listitem" : undefined}>
          <ProductCard product={product} detail={detail} eager={index < eager} heading={heading} picked={picked?.[product._id]} />
        </div>
      ))}
    </div>
  );
}
