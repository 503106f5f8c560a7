// The /profile page (spec section 2): the profile form, the store credit (issue 25), "Your data"
// (DPDP, issue 28) and the My Orders table (its /profile columns: ID, date, total, paid,
// delivered, details). Opened from checkout's shipping step (`?redirect=/shipping`), it says why
// and goes back there once saved.
import { Suspense, lazy } from "react";
import ProfileForm from "../../components/account/ProfileForm";
import MyOrdersTable from "../../components/orders/MyOrdersTable";
import Message from "../../components/Message";
import { textsLoaded, useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import "../../components/account/account.css";

// The store credit (its balance and ledger, with the dates' formatting), below the profile form,
// comes as a chunk of its own; its texts are mounted with the island (index.jsx).
const StoreCredit = lazy(() => import(/* webpackChunkName: "profile-store-credit" */ "../../components/account/StoreCredit"));
// "Your data" (DPDP: offer SMS consent, download, delete the account), a chunk with its texts.
const YourData = lazy(() => import(/* webpackChunkName: "profile-your-data" */ "../../components/account/YourData").then(textsLoaded));

// The checkout steps that send a shopper here for an address (islands/checkout/ShippingStep.jsx):
// the only places the page goes back to, so a link cannot send a shopper elsewhere.
const CHECKOUT_STEPS = ["/shipping"];

/** The checkout step named by `?redirect=`, or null. */
export function checkoutStep(search) {
  const path = new URLSearchParams(search).get("redirect");
  return CHECKOUT_STEPS.includes(path) ? path : null;
}

export default function ProfilePage() {
  const t = useT();
  const back = checkoutStep(window.location.search);
  return (
    <div className="profile-page">
      <div className="profile-page__side">
        {back && <Message variant="info">{t("profile.backToCheckout")}</Message>}
        <ProfileForm idPrefix="profile" headingLevel={1} withBusiness onSaved={back ? () => navigate(back) : undefined} />
        <Suspense fallback={null}>
          <StoreCredit headingLevel={2} />
        </Suspense>
        <Suspense fallback={null}>
          <YourData />
        </Suspense>
      </div>
      <section className="profile-page__orders" aria-labelledby="profile-orders-title">
        <h2 id="profile-orders-title">{t("account.myOrders")}</h2>
        <MyOrdersTable variant="profile" />
      </section>
    </div>
  );
}
