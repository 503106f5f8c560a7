// The cart (spec section 2 "Cart"): lines with a pack-count selector and remove, the subtotal and
// Proceed To Checkout. Prices and stock are refreshed from the server when the page opens.
// The cart lives in this browser (lib/cart.js): the server renders the page's frame (heading and
// the lines' reserved space, frontend/ssr), and the lines come in the render after hydration.
import Message from "../../components/Message";
import EnglishName from "../../components/EnglishName";
import UnitPrice from "../../components/UnitPrice";
import { useUserInfo } from "../../lib/auth";
import { lineKey, lineLabel, removeFromCart, setQty, useBrowserCart } from "../../lib/cart";
import { rich, useLanguage, useT } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";
import { loginUrl, navigate } from "../../lib/navigation";
import { productTitle } from "../../lib/productTitle";
import { useApi } from "../../lib/useApi";
import { refreshCartPrices } from "./refreshPrices";
import "./cart.css";
import { packLabel } from "../../lib/packLabel";

/** Pack counts offered for a line: 0 (removes it) up to its stock, always including the current count. */
export function qtyOptions(line) {
  const stock = Math.max(0, Math.floor(toNumber(line.countInStock)));
  const options = Array.from({ length: stock + 1 }, (_, count) => count);
  if (line.qty > stock) options.push(line.qty);
  return options;
}

function PriceNotice({ notice }) {
  const t = useT();
  if (!notice || (notice.changed.length === 0 && notice.removed.length === 0)) return null;
  return (
    <Message variant="info">
      {notice.changed.length > 0 && (
        <>
          <p>{t("cart.pricesChanged")}</p>
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
          <p>{t("cart.removed")}</p>
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
  const t = useT();
  const { title, english } = productTitle("", line, useLanguage());
  const outOfStock = toNumber(line.countInStock) < 1;
  const productHref = line.slug ? `/product/${line.slug}` : null;
  return (
    <li className="cart-line">
      {/* The name links to the product too; the picture's link is a bigger target for a finger. */}
      <a className="cart-line__image" href={productHref ?? undefined} tabIndex={-1} aria-hidden="true">
        <img src={line.image} alt={title} width="80" height="80" loading="lazy" />
      </a>
      <div className="cart-line__info">
        {productHref ? <a className="cart-line__name" href={productHref}>{title}</a> : <span className="cart-line__name">{title}</span>}
        <EnglishName name={english} className="cart-line__english" />
        <span className="cart-line__brand">{line.brand}</span>
        <span className="cart-line__pack">{packLabel(line)}</span>
        {outOfStock && <span className="cart-line__stock">{t("card.outOfStock")}</span>}
      </div>
      <div className="cart-line__price">
        {toNumber(line.Discount) > 0 && toNumber(line.price) > toNumber(line.dprice) && <s>{formatMoney(line.price)}</s>}
        <strong>{formatMoney(line.dprice)}</strong>
        <UnitPrice pack={line} className="cart-line__unit-price" />
      </div>
      <select
        className="cart-line__qty"
        aria-label={t("cart.quantityOf", { line: lineLabel(line) })}
        value={line.qty}
        onChange={(event) => setQty(line, Number(event.target.value))}
      >
        {qtyOptions(line).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      <button type="button" className="cart-line__remove" aria-label={t("cart.remove", { line: lineLabel(line) })} onClick={() => removeFromCart(line)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
        </svg>
      </button>
    </li>
  );
}

// The lines' place while the cart is not read yet, about a short cart's lines and summary, and
// never an empty cart's message. The page keeps a screen's height in every state (cart.css), so
// the footer does not move when the lines come (CLS).
const FRAME_LINES = 2;

function CartFrame() {
  return (
    <div className="cart-page__layout" aria-busy="true">
      <ul className="cart-page__lines" aria-hidden="true">
        {Array.from({ length: FRAME_LINES }, (_, index) => (
          <li key={index} className="cart-line cart-line--frame">
            <span className="cart-line__image skeleton" />
            <span className="cart-line__info skeleton" />
          </li>
        ))}
      </ul>
      <div className="cart-page__frame-summary skeleton" aria-hidden="true" />
    </div>
  );
}

export default function CartPage() {
  const t = useT();
  const cart = useBrowserCart();
  const userInfo = useUserInfo();
  // A failed refresh leaves the stored prices on screen; the server checks them again when the
  // order is placed.
  const { data: notice } = useApi((signal) => refreshCartPrices({ signal }));

  if (cart === null) {
    return (
      <div className="cart-page">
        <h1>{t("cart.title")}</h1>
        <CartFrame />
      </div>
    );
  }
  const { cartItems, itemsPrice } = cart;
  const packCount = cartItems.reduce((sum, line) => sum + toNumber(line.qty), 0);
  const hasOutOfStock = cartItems.some((line) => toNumber(line.countInStock) < 1);
  const proceed = () => navigate(userInfo ? "/shipping" : loginUrl("/shipping"));

  return (
    <div className="cart-page">
      <h1>{t("cart.title")}</h1>
      <PriceNotice notice={notice} />
      {cartItems.length === 0 ? (
        <Message variant="info">
          {rich(t("cart.empty"), { back: <a href="/">{t("common.goBack")}</a> })}
        </Message>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-page__lines">
            {cartItems.map((line) => (
              <CartLine key={lineKey(line)} line={line} />
            ))}
          </ul>
          <aside className="cart-summary">
            <h2>{t("cart.subtotal", { count: packCount })}</h2>
            <p className="cart-summary__total">{formatMoney(itemsPrice)}</p>
            <button type="button" className="btn btn--primary btn--block" disabled={hasOutOfStock} onClick={proceed}>
              {t("cart.proceed")}
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
