// The checkout step bar (spec section 2): Sign In, Shipping, Payment, Place Order. Steps before the
// current one are done (and, except Sign In, links back); later steps are not reachable yet.
import { useT } from "../lib/i18n";
import "./CheckoutSteps.css";

export const CHECKOUT_STEPS = [
  { key: "signin", label: "checkout.step.signIn", href: null },
  { key: "shipping", label: "checkout.step.shipping", href: "/shipping" },
  { key: "payment", label: "checkout.step.payment", href: "/payment" },
  { key: "placeorder", label: "checkout.step.placeOrder", href: "/placeorder" },
];

export default function CheckoutSteps({ current }) {
  const t = useT();
  const currentIndex = CHECKOUT_STEPS.findIndex((step) => step.key === current);
  return (
    <nav className="checkout-steps" aria-label={t("checkout.steps")}>
      <ol className="checkout-steps__list">
        {CHECKOUT_STEPS.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          return (
            <li key={step.key} className={`checkout-steps__step checkout-steps__step--${state}`}>
              <span className="checkout-steps__dot" aria-hidden="true">{index + 1}</span>
              {state === "done" && step.href ? (
                <a href={step.href}>{t(step.label)}</a>
              ) : (
                <span aria-current={state === "current" ? "step" : undefined} aria-disabled={state === "todo" || undefined}>
                  {t(step.label)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
