// The cart (spec section 2 "Cart"): lines with a pack-count selector and remove, the subtotal and
// Proceed To Checkout. Prices and stock are refreshed from the server when the page opens.
import Message from "../../components/Message";
import { useUserInfo } from "../../lib/auth";
import { lineKey, lineLabel, removeFromCart, setQty, useCart } from "../../lib/cart";
import { formatMoney, toNumber } from "../../lib/money";
import { loginUrl, navigate } from "../../lib/navigation";
import { useApi } from "../../lib/useApi";
import { refreshCartPrices } from "./refreshPrices";
import "./cart.css";

/** Pack counts offered for a line: 0 (removes it) up to its stock, always including the current count. */
export function qtyOptions(line) {
  const stock = Math.max(0, Math.floor(toNumber(line.countInStock)));
  const options = Array.from({ length: stock + 1 }, (_, count) => count);
  if (line.qty > stock) options.push(line.qty);
  return options;
}

function PriceNotice({ notice }) {
  if (!notice || (notice.changed.length === 0 && notice.removed.length === 0)) return null;
  return (
    <Message variant="info">
      {notice.changed.length > 0 && (
        <>
          <p>Some prices have changed since you added these packs. Your cart shows the current prices:</p>
          <ul>
            {notice.changed.map((line) => (
              <li key={lineKey(line)}>
                {lineLabel(line)}: {formatMoney(line.dprice)}
              </li>
            ))}
          </ul>
        </>
      )}
      {notice.removed.length > 0 && (
        <>
          <p>These packs are no longer sold and were removed from your cart:</p>
          <ul>
            {notice.removed.map((line) => (
              <li key={lineKey(line)}>{lineLabel(line)}</li>
            ))}
          </ul>
        </>
      )}
    </Message>
  );
}

function CartLine({ line }) {
  const outOfStock = toNumber(line.countInStock) < 1;
  const productHref = line.slug ? `/product/${line.slug}` : null;
  return (
    <li className="cart-line">
      {/* The name links to the product too; the picture's link is a bigger target for a finger. */}
      <a className="cart-line__image" href={productHref ?? undefined} tabIndex={-1} aria-hidden="true">
        <img src={line.image} alt={line.name} width="80" height="80" loading="lazy" />
      </a>
      <div className="cart-line__info">
        {productHref ? <a className="cart-line__name" href={productHref}>{line.name}</a> : <span className="cart-line__name">{line.name}</span>}
        <span className="cart-line__brand">{line.brand}</span>
        <span className="cart-line__pack">{line.quantity} {line.units}</span>
        {outOfStock && <span className="cart-line__stock">Out of stock</span>}
      </div>
      <div className="cart-line__price">
        {toNumber(line.Discount) > 0 && toNumber(line.price) > toNumber(line.dprice) && <s>{formatMoney(line.price)}</s>}
        <strong>{formatMoney(line.dprice)}</strong>
      </div>
      <select
        className="cart-line__qty"
        aria-label={`Quantity of ${lineLabel(line)}`}
        value={line.qty}
        onChange={(event) => setQty(line, Number(event.target.value))}
      >
        {qtyOptions(line).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <button type="button" className="cart-line__remove" aria-label={`Remove ${lineLabel(line)}`} onClick={() => removeFromCart(line)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
        </svg>
      </button>
    </li>
  );
}

export default function CartPage() {
  const { cartItems, itemsPrice } = useCart();
  const userInfo = useUserInfo();
  // A failed refresh leaves the stored prices on screen; the server checks them again when the
  // order is placed.
  const { data: notice } = useApi((signal) => refreshCartPrices({ signal }));

  const packCount = cartItems.reduce((sum, line) => sum + toNumber(line.qty), 0);
  const hasOutOfStock = cartItems.some((line) => toNumber(line.countInStock) < 1);
  const proceed = () => navigate(userInfo ? "/shipping" : loginUrl("/shipping"));

  return (
    <div className="cart-page">
      <h1>Shopping Cart</h1>
      <PriceNotice notice={notice} />
      {cartItems.length === 0 ? (
        <Message variant="info">
          Your cart is empty <a href="/">Go Back</a>
        </Message>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-page__lines">
            {cartItems.map((line) => (
              <CartLine key={lineKey(line)} line={line} />
            ))}
          </ul>
          <aside className="cart-summary">
            <h2>
              Subtotal ({packCount}) items
            </h2>
            <p className="cart-summary__total">{formatMoney(itemsPrice)}</p>
            <button type="button" className="btn btn--primary btn--block" disabled={hasOutOfStock} onClick={proceed}>
              Proceed To Checkout
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
