// Shipping (spec sections 2 and 5): the address saved in the profile, checked against the towns the
// shop delivers to, then continue to payment. Without a usable address, "Go to Account" opens the
// profile's form (the one owner of the address and its checks), which returns here after saving.
import CheckoutSteps from "../../components/CheckoutSteps";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { saveShippingAddress } from "../../lib/cart";
import { t, useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import { useApi } from "../../lib/useApi";

/** A catalog key (lib/i18n.js). */
export const ADDRESS_LOAD_ERROR = "profile.loadFailed";

/**
 * Resolves to {address, complete, delivery} or {error}; a 401 rejects (the 401 rule leaves the
 * page). Whether the address will do is the server's call (`hasCompleteAddress`): all parts
 * given and none of them a 'Use Current Location' fallback such as "Unknown Street".
 */
async function loadAddress(signal) {
  let address;
  let complete;
  try {
    const profile = await api("/api/users/profile", { signal });
    const saved = profile?.deliveryAddress ?? {};
    address = { street: saved.street ?? "", city: saved.city ?? "", postalCode: saved.postalCode ?? "" };
    complete = Boolean(profile?.hasCompleteAddress);
  } catch (error) {
    if (error?.name === "AbortError" || error?.leaving) throw error;
    return { error: t(ADDRESS_LOAD_ERROR) };
  }
  if (!complete) return { address, complete, delivery: null };
  try {
    const pincode = encodeURIComponent(address.postalCode.trim());
    return { address, complete, delivery: await api(`/api/delivery/check?pincode=${pincode}`, { signal }) };
  } catch (error) {
    if (error?.name === "AbortError" || error?.leaving) throw error;
    return { error: errorMessage(error) };
  }
}

/** The profile's form, which comes back here once the address is saved (islands/profile). */
export const ACCOUNT_FOR_ADDRESS = "/profile?redirect=/shipping";

function GoToAccount() {
  const t = useT();
  return (
    <button type="button" className="btn" onClick={() => navigate(ACCOUNT_FOR_ADDRESS)}>
      {t("shipping.goToAccount")}
    </button>
  );
}

export default function ShippingStep() {
  const t = useT();
  const { data, loading } = useApi(loadAddress);
  const state =
    loading || !data
      ? { status: "loading" }
      : data.error
        ? { status: "error", message: data.error }
        : { status: "ready", address: data.address, complete: data.complete, delivery: data.delivery };

  const proceed = (event) => {
    event.preventDefault();
    saveShippingAddress(state.address);
    navigate("/payment");
  };

  let body;
  if (state.status === "loading") body = <Loader />;
  else if (state.status === "error") body = <Message variant="danger">{state.message}</Message>;
  else if (!state.complete) {
    body = (
      <div className="checkout-card">
        <Message variant="info">{t("shipping.enterAddress")}</Message>
        <GoToAccount />
      </div>
    );
  } else {
    const { address, delivery } = state;
    body = (
      <form className="checkout-card" onSubmit={proceed}>
        <dl className="address-card">
          <dt>{t("address.street")}</dt>
          <dd>{address.street}</dd>
          <dt>{t("address.city")}</dt>
          <dd>{address.city}</dd>
          <dt>{t("address.postalCode")}</dt>
          <dd>{address.postalCode}</dd>
        </dl>
        <Message variant={delivery.deliverable ? "success" : "danger"}>
          {[delivery.message, delivery.area].filter(Boolean).join(" ")}
        </Message>
        <div className="checkout-card__actions">
          {!delivery.deliverable && <GoToAccount />}
          <button type="submit" className="btn btn--primary" disabled={!delivery.deliverable}>
            {t("common.continue")}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="checkout-page">
      <CheckoutSteps current="shipping" />
      <h1>{t("shipping.title")}</h1>
      {body}
    </div>
  );
}
