// The /profile page (spec section 2): the profile form, the store credit (issue 25) and the My
// Orders table (its /profile columns: ID, date, total, paid, delivered, details).
import ProfileForm from "../../components/account/ProfileForm";
import StoreCredit from "../../components/account/StoreCredit";
import MyOrdersTable from "../../components/orders/MyOrdersTable";
import { useT } from "../../lib/i18n";
import "../../components/account/account.css";

export default function ProfilePage() {
  const t = useT();
  return (
    <div className="profile-page">
      <div className="profile-page__side">
        <ProfileForm idPrefix="profile" headingLevel={1} />
        <StoreCredit headingLevel={2} />
      </div>
      <section className="profile-page__orders" aria-labelledby="profile-orders-title">
        <h2 id="profile-orders-title">{t("account.myOrders")}</h2>
        <MyOrdersTable variant="profile" />
      </section>
    </div>
  );
}
