// The checkout step bar (spec section 2): Sign In, Shipping, Payment, Place Order. Steps before the
// current one are done (and, except Sign In, links back); later steps are not reachable yet.
import "./CheckoutSteps.css";

export const CHECKOUT_STEPS = [
  { key: "signin", label: "Sign In", href: null },
  { key: "shipping", label: "Shipping", href: "/shipping" },
  { key: "payment", label: "Payment", href: "/payment" },
  { key: "placeorder", label: "Place Order", href: "/placeorder" },
];

export default function CheckoutSteps({ current }) {
  const currentIndex = CHECKOUT_STEPS.findIndex((step) => step.key === current);
  return (
    <nav className="checkout-steps" aria-label="Checkout steps">
      <ol className="checkout-steps__list">
        {CHECKOUT_STEPS.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          return (
            <li key={step.key} className={`checkout-steps__step checkout-steps__step--${state}`}>
              <span className="checkout-steps__dot" aria-hidden="true">{index + 1}</span>
              {state === "done" && step.href ? (
                <a href={step.href}>{step.label}</a>
              ) : (
                <span aria-current={state === "current" ? "step" : undefined} aria-disabled={state === "todo" || undefined}>
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
