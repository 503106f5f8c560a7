// The /profile page (spec section 2): the profile form, the store credit (issue 25) and the My
// Orders table (its /profile columns: ID, date, total, paid, delivered, details). Opened from
// checkout's shipping step (`?redirect=/shipping`), it says why and goes back there once saved.
import ProfileForm from "../../components/account/ProfileForm";
import StoreCredit from "../../components/account/StoreCredit";
import MyOrdersTable from "../../components/orders/MyOrdersTable";
import Message from "../../components/Message";
import { useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import { redirectTarget } from "../../lib/safeRedirect";
import "../../components/account/account.css";

export default function ProfilePage() {
  const t = useT();
  const back = redirectTarget(window.location.search, null);
  return (
    <div className="profile-page">
      <div className="profile-page__side">
        {back && <Message variant="info">{t("profile.backToCheckout")}</Message>}
        <ProfileForm idPrefix="profile" headingLevel={1} onSaved={back ? () => navigate(back) : undefined} />
        <StoreCredit headingLevel={2} />
      </div>
      <section className="profile-page__orders" aria-labelledby="profile-orders-title">
        <h2 id="profile-orders-title">{t("account.myOrders")}</h2>
        <MyOrdersTable variant="profile" />
      </section>
    </div>
  );
}
