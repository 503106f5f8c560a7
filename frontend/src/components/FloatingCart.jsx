// The floating cart button: distinct lines and the total, on every page once the cart holds
// something (an empty one said "0 ₹0.00" over pages with nothing to buy, issue 31). It moves up
// while a reference element (the footer, or the phone's bottom bar) shows at least 10% in the
// viewport; on a phone it is a strip docked on the bottom bar (styles/chrome.css), never over a card.
import { useEffect, useState } from "react";
import { useCart } from "../lib/cart";
import { useT } from "../lib/i18n";
import { formatMoney } from "../lib/money";
import { iconProps } from "./iconProps";

// Its icon is here, not in icons.jsx: the chrome, on every page, brings this component at start,
// and the other icons are not needed there (issue 34).
function CartIcon(props) {
  return (
    <svg {...iconProps} {...props}>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20.5 8H6.2" />
      <circle cx="9.5" cy="20" r="1.4" />
      <circle cx="17" cy="20" r="1.4" />
    </svg>
  );
}

export const REFERENCE_SELECTOR = "#site-footer, #bottom-bar";

export default function FloatingCart({ referenceSelector = REFERENCE_SELECTOR }) {
  const t = useT();
  const { cartItems, totalPrice } = useCart();
  const [raised, setRaised] = useState(false);

  useEffect(() => {
    const targets = [...document.querySelectorAll(referenceSelector)];
    if (!targets.length || typeof IntersectionObserver === "undefined") return undefined;
    const showing = new Set();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) showing.add(entry.target);
          else showing.delete(entry.target);
        }
        setRaised(showing.size > 0);
      },
      { threshold: 0.1 },
    );
    for (const target of targets) observer.observe(target);
    return () => observer.disconnect();
  }, [referenceSelector]);

  const count = cartItems.length;
  if (count === 0) return null;
  return (
    <a className={raised ? "floating-cart floating-cart--raised" : "floating-cart"} href="/cart" data-testid="floating-cart">
      <span className="floating-cart__icon" id="floating-cart-icon">
        <CartIcon />
        <span className="floating-cart__count" data-testid="cart-count">
          {count}
        </span>
      </span>
      <span className="visually-hidden">{t("floatingCart.itemsTotal", { count })}</span>
      <span className="floating-cart__total" data-testid="cart-total">
        {formatMoney(totalPrice)}
      </span>
    </a>
  );
}
