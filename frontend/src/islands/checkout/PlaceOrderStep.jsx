// Place order (spec sections 2 and 4): the summary of address, method and lines, and confirm.
// Back to /shipping when the address is incomplete, to /payment when no valid method is set.
import { Suspense, lazy, useEffect, useState } from "react";
import CheckoutSteps from "../../components/CheckoutSteps";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { clearCartItems, lineKey, useCart } from "../../lib/cart";
import { textsLoaded, useLanguage, useT } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";
import { productTitle } from "../../lib/product";
import { navigate, redirect } from "../../lib/navigation";
import { errorMessage } from "../../lib/api";
import { flash } from "../../lib/flash";
import { toast } from "../../lib/toast";
import { ONLINE, paymentMethodLabel, validPaymentMethod } from "../../lib/paymentMethods";
import { getUserInfo } from "../../lib/auth";
import { addressLine, isAddressComplete, profileBuyer } from "./rules";
import { defaultSubstitution } from "./substitution";
import { packLabel } from "../../lib/packLabel";

// The choices below the items, the delivery slot (which fetches its slots anyway) and what to do with
// an unavailable pack, come together in one chunk (one name, one fetch); their texts are the
// checkout area's.
const SlotChoice = lazy(() => import(/* webpackChunkName: "checkout-choices" */ "./SlotChoice"));
const SubstitutionChoice = lazy(() => import(/* webpackChunkName: "checkout-choices" */ "./SubstitutionChoice"));

// The store credit in the summary, for a shopper who has some (it fetches its figures anyway), comes
// in the same chunk as the choices below the items (shown at the same time); its texts are the
// checkout area's.
const StoreCredit = lazy(() => import(/* webpackChunkName: "checkout-choices" */ "./StoreCredit"));
// A business buyer's GSTIN for a B2B tax invoice (issue 43), with the other choices.
const BusinessBuyer = lazy(() => import(/* webpackChunkName: "checkout-choices" */ "./BusinessBuyer"));

// The code that starts an online payment, loaded while an Online order is being placed.
const loadPayment = () => import(/* webpackChunkName: "payment" */ "../../lib/payment").then(textsLoaded);

/** Where the shopper must go first, or null when the order can be reviewed. */
export function missingStep(cart) {
  if (!isAddressComplete(cart.shippingAddress)) return "/shipping";
  if (!validPaymentMethod(cart.paymentMethod)) return "/payment";
  return null;
}

function OrderLine({ line }) {
  const t = useT();
  const { title } = productTitle("", line, useLanguage());
  const outOfStock = toNumber(line.countInStock) < 1;
  return (
    <li className="summary-line">
      <img src={line.image} alt="" width="48" height="48" loading="lazy" />
      <div className="summary-line__name">
        {line.slug ? <a href={`/product/${line.slug}`}>{title}</a> : title}
        <span className="summary-line__meta">
          {line.brand} · {packLabel(line)}
        </span>
        {outOfStock && <span className="summary-line__stock">{t("card.outOfStock")}</span>}
      </div>
      <span className="summary-line__amount">
        {line.qty} × {formatMoney(line.dprice)} = {formatMoney(toNumber(line.qty) * toNumber(line.dprice))}
      </span>
    </li>
  );
}

export default function PlaceOrderStep() {
  const t = useT();
  const cart = useCart();
  const [placing, setPlacing] = useState(false);
  const [credit, setCredit] = useState({ use: false, amount: 0 });
  const [substitution, setSubstitution] = useState(defaultSubstitution);
  // The chosen delivery slot ("" when the shop has none: the server then books none); `slotsVersion`
  // reloads the slots after one filled up under the shopper.
  const [slot, setSlot] = useState("");
  const [slotsVersion, setSlotsVersion] = useState(0);
  // Prefilled with the business kept on the profile; the shopper may change or clear it for this order.
  const [buyer, setBuyer] = useState(() => profileBuyer(getUserInfo()));
  const goBackTo = missingStep(cart);

  useEffect(() => {
    if (goBackTo) redirect(goBackTo);
  }, [goBackTo]);

  if (goBackTo) return null;

  const { cartItems, shippingAddress, paymentMethod, itemsPrice, shippingPrice, totalPrice } = cart;
  const empty = cartItems.length === 0;
  const hasOutOfStock = cartItems.some((line) => toNumber(line.countInStock) < 1);

  const submit = async () => {
    setPlacing(true);
    const online = paymentMethod === ONLINE;
    const payment = online ? loadPayment() : null;
    payment?.catch(() => {}); // a failure to load is shown where it is awaited, below
    // The code that places the order comes at the tap (a chunk of its own); placeOrder() shows its
    // own failures, so only a chunk that cannot be fetched (offline) is caught here.
    const order = await import(/* webpackChunkName: "place-order" */ "./placeOrder")
      .then(({ placeOrder }) =>
        placeOrder({
          keepCart: online,
          storeCredit: credit.use ? credit.amount : 0,
          substitutionPreference: substitution,
          deliverySlot: slot,
          buyer,
          onSlotFull: (nextSlot) => {
            setSlot(nextSlot?.id ?? "");
            setSlotsVersion((version) => version + 1);
          },
        }),
      )
      .catch((error) => {
        toast.error(errorMessage(error));
        return null;
      });
    if (!order) return setPlacing(false);
    // An order the store credit paid in full is paid already (the server says so): no gateway.
    if (!online || order.isPaid) {
      if (online) clearCartItems();
      return navigate(`/order/${order._id}`);
    }
    try {
      // Off to the gateway's page; /payment/success clears the cart when it comes back paid.
      const { startPayment } = await payment;
      await startPayment(order, { checkout: true, cartItems });
    } catch (error) {
      if (error?.leaving) return;
      // The order stands, unpaid, and its page has the Pay button: the cart now lives in the order.
      clearCartItems();
      if (!error?.alerted) flash("danger", error?.name === "PaymentStartError" ? error.message : errorMessage(error));
      navigate(`/order/${order._id}`);
    }
  };

  return (
    <div className="checkout-page">
      <CheckoutSteps current="placeorder" />
      <h1>{t("checkout.step.placeOrder")}</h1>
      <div className="placeorder">
        <div className="placeorder__details">
          <section className="checkout-card">
            <h2>{t("shipping.title")}</h2>
            <p>
              <strong>{t("placeOrder.address")}</strong>
              {addressLine(shippingAddress)}
            </p>
          </section>
          <section className="checkout-card">
            <h2>{t("payment.title")}</h2>
            <p>
              <strong>{t("placeOrder.method")}</strong>
              {paymentMethodLabel(paymentMethod)}
            </p>
          </section>
          <section className="checkout-card">
            <h2>{t("placeOrder.items")}</h2>
            {/* A placed order empties the cart just before the page leaves for it. */}
            {empty && placing ? (
              <Loader />
            ) : empty ? (
              <Message variant="info">{t("placeOrder.empty")}</Message>
            ) : (
              <ul className="summary-lines">
                {cartItems.map((line) => (
                  <OrderLine key={lineKey(line)} line={line} />
                ))}
              </ul>
            )}
          </section>
          {!empty && (
            <Suspense fallback={null}>
              <SlotChoice value={slot} onChange={setSlot} version={slotsVersion} />
              <SubstitutionChoice value={substitution} onChange={setSubstitution} />
              <BusinessBuyer value={buyer} onChange={setBuyer} />
            </Suspense>
          )}
        </div>
        <aside className="checkout-card order-summary">
          <h2>{t("placeOrder.summary")}</h2>
          <dl className="order-summary__rows">
            <dt>{t("placeOrder.itemsPrice")}</dt>
            <dd>{formatMoney(itemsPrice)}</dd>
            <dt>{t("placeOrder.shippingPrice")}</dt>
            <dd>{formatMoney(shippingPrice)}</dd>
            <dt>{t("orders.total")}</dt>
            <dd className="order-summary__total">{formatMoney(totalPrice)}</dd>
          </dl>
          {!empty && (
            <Suspense fallback={null}>
              <StoreCredit total={totalPrice} use={credit.use} onChange={(use, amount) => setCredit({ use, amount })} />
            </Suspense>
          )}
          <p className="order-summary__policies">
            {t("placeOrder.policies")} <a href="/refund-policy.html">{t("placeOrder.refundPolicy")}</a>
            {" · "}
            <a href="/shipping-policy.html">{t("placeOrder.shippingPolicy")}</a>
            {" · "}
            <a href="/payment-terms.html">{t("placeOrder.paymentTerms")}</a>
          </p>
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={empty || hasOutOfStock || placing}
            onClick={submit}
          >
            {t("checkout.step.placeOrder")}
          </button>
          {placing && <Loader />}
        </aside>
      </div>
    </div>
  );
}
