// The profile form (spec sections 2, 5 and 8): name, read-only phone, delivery address filled by
// hand or from the browser's location, a map of the saved location, optional new password; on the
// /profile page also the business the shopper buys for (issue 43: its GSTIN and legal name, checked
// by the server as checkout's are; checkout's GST invoice panel starts from them).
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api";
import { getUserInfo, setUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { checkDelivery, currentPosition, isGeolocationSupported, roundCoordinate } from "../../lib/geo";
import { isValidPhone } from "../../lib/phone";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import Loader from "../Loader";
import Message from "../Message";
import LocationMap from "./LocationMap";
import { PASSWORDS_DO_NOT_MATCH, passwordsMatch } from "../../lib/passwords";
import "./account.css";
import NewPasswordField from "./NewPasswordField";

// What the form says (catalog keys, lib/i18n.js).
export const PROFILE_TEXT = Object.freeze({
  updated: "profile.updated",
  loadFailed: "profile.loadFailed",
  geoUnsupported: "profile.geoUnsupported",
  positionFailed: "profile.positionFailed",
  noResults: "profile.noResults",
  lookupFailed: "profile.lookupFailed",
  located: "profile.located",
  streetNeeded: "profile.streetNeeded",
});

// The address 'Use Current Location' saves for what the lookup cannot know (spec section 8): data
// stored with the address, the same in every language.
const UNKNOWN = Object.freeze({ street: "Unknown Street", city: "Unknown City", postalCode: "Unknown Postal Code" });

/** The street is still the spec's 'Use Current Location' fallback: the shopper must type it. */
export function needsStreet(street) {
  return street.trim().toLowerCase() === UNKNOWN.street.toLowerCase();
}

function formFromUser(user) {
  const address = user?.deliveryAddress ?? {};
  const location = user?.location;
  return {
    name: user?.name ?? "",
    phoneNo: user?.phoneNo ?? "",
    street: address.street ?? "",
    city: address.city ?? "",
    postalCode: address.postalCode ?? "",
    location: location && location.latitude != null && location.longitude != null ? location : null,
    buyerGstin: user?.businessBuyer?.gstin ?? "",
    buyerName: user?.businessBuyer?.name ?? "",
  };
}

function BusinessFields({ form, update, id }) {
  const t = useT();
  return (
    <fieldset className="profile-form__business">
      <legend>{t("profile.business")}</legend>
      <p className="profile-form__hint" id={id("business-hint")}>
        {t("profile.businessHint")}
      </p>
      <div className="form-field">
        <label htmlFor={id("business-gstin")}>{t("profile.businessGstin")}</label>
        <input
          id={id("business-gstin")}
          type="text"
          value={form.buyerGstin}
          onChange={update("buyerGstin")}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={id("business-hint")}
        />
      </div>
      <div className="form-field">
        <label htmlFor={id("business-name")}>{t("profile.businessName")}</label>
        <input
          id={id("business-name")}
          type="text"
          value={form.buyerName}
          onChange={update("buyerName")}
          maxLength={200}
          autoComplete="organization"
        />
      </div>
    </fieldset>
  );
}

/**
 * The address the offline lookup gives for a point: it knows the pincode and the town, never the
 * street. A street belongs to its pincode (issue 45: the location moved city and pincode and kept
 * the old street): the one typed is kept when the point is in the pincode the form holds, or the
 * form has no pincode yet (the street typed first, the location completing it); a street of
 * another pincode becomes the spec's 'Unknown Street' for the shopper to type.
 */
export function addressFromLookup(result, typed = {}) {
  const pincode = result.pincode || UNKNOWN.postalCode;
  const typedPincode = (typed.postalCode ?? "").trim();
  const noPincode = !typedPincode || typedPincode.toLowerCase() === UNKNOWN.postalCode.toLowerCase();
  const samePincode = noPincode || (Boolean(result.pincode) && typedPincode === result.pincode);
  const street = samePincode && !needsStreet(typed.street ?? "") ? (typed.street ?? "").trim() : "";
  return {
    street: street || UNKNOWN.street,
    city: result.town || result.state || UNKNOWN.city,
    postalCode: pincode,
  };
}

/** `withBusiness`: also the business GSTIN and name (the /profile page; the account drawer keeps to the spec's form). */
export default function ProfileForm({ idPrefix = "profile", headingLevel = 1, onSaved, withBusiness = false }) {
  const t = useT();
  const [form, setForm] = useState(() => formFromUser(getUserInfo()));
  const profile = useApi("/api/users/profile");
  const [banner, setBanner] = useState("");
  const [showPasswords, setShowPasswords] = useState(false);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  // A new password needs the current one (the API refuses it otherwise): a signed-in browser left
  // open, or a stolen token, must not be enough to take the account.
  const [currentPassword, setCurrentPassword] = useState("");
  const [locating, setLocating] = useState(false);
  const [askStreet, setAskStreet] = useState(false);
  // The delivery check of the place the location found (its answer and the town's pincodes).
  const [located, setLocated] = useState(null);
  const streetInput = useRef(null);
  // Fields the shopper changed before the profile arrived keep the shopper's value.
  const edited = useRef(new Set());
  const Heading = `h${headingLevel}`;
  const id = (name) => `${idPrefix}-${name}`;

  useEffect(() => {
    if (!profile.data) return;
    setForm((current) => {
      const loaded = formFromUser(profile.data);
      for (const field of edited.current) loaded[field] = current[field];
      return loaded;
    });
  }, [profile.data]);

  const save = useSubmit(
    async () => {
      const info = await api("/api/users/profile", {
        method: "PUT",
        body: {
          name: form.name,
          phoneNo: form.phoneNo,
          deliveryAddress: { street: form.street, city: form.city, postalCode: form.postalCode },
          location: form.location,
          password,
          ...(password ? { currentPassword } : {}),
          ...(withBusiness ? { buyerGstin: form.buyerGstin, buyerName: form.buyerName } : {}),
        },
      });
      setUserInfo(info);
      setForm(formFromUser(info));
      setPassword("");
      setConfirmPassword("");
      setCurrentPassword("");
      toast.success(t(PROFILE_TEXT.updated));
      onSaved?.(info);
    },
    { onError: (message) => toast.error(message) },
  );

  // The offline lookup knows the town and pincode, never the street: point the shopper at it, with
  // the fallback text selected so that typing replaces it.
  useEffect(() => {
    if (!askStreet) return;
    streetInput.current?.focus();
    streetInput.current?.select();
    setAskStreet(false);
  }, [askStreet]);

  const update = (field) => (event) => {
    edited.current.add(field);
    if (field === "postalCode" || field === "city") setLocated(null);
    setForm((current) => ({ ...current, [field]: event.target.value }));
  };

  const useCurrentLocation = async () => {
    if (!isGeolocationSupported()) {
      toast.error(t(PROFILE_TEXT.geoUnsupported));
      return;
    }
    setLocating(true);
    let coordinates;
    try {
      coordinates = await currentPosition();
    } catch (error) {
      console.error("Geolocation failed", error);
      toast.error(t(PROFILE_TEXT.positionFailed));
      setLocating(false);
      return;
    }
    try {
      const result = await checkDelivery(coordinates);
      for (const field of ["street", "city", "postalCode", "location"]) edited.current.add(field);
      const address = addressFromLookup(result, form);
      setLocated(result);
      setForm((current) => ({
        ...current,
        ...address,
        location: { latitude: roundCoordinate(coordinates.latitude), longitude: roundCoordinate(coordinates.longitude) },
      }));
      toast.success(t(PROFILE_TEXT.located));
      if (needsStreet(address.street)) setAskStreet(true);
    } catch (error) {
      console.error("Reverse lookup failed", error);
      // 400: no pincode anywhere near the point (open sea, abroad); anything else: the lookup failed.
      toast.error(t(error?.status === 400 ? PROFILE_TEXT.noResults : PROFILE_TEXT.lookupFailed));
    } finally {
      setLocating(false);
    }
  };

  const togglePasswords = () => {
    setShowPasswords((shown) => !shown);
    setPassword("");
    setConfirmPassword("");
    setCurrentPassword("");
  };

  const submit = (event) => {
    event.preventDefault();
    if (!isValidPhone(form.phoneNo)) {
      setBanner(t("phone.invalid"));
      return;
    }
    if (!passwordsMatch(password, confirmPassword)) {
      toast.error(t(PASSWORDS_DO_NOT_MATCH));
      return;
    }
    setBanner("");
    save.submit();
  };

  return (
    <form className="account-form profile-form" onSubmit={submit} noValidate>
      <Heading className="account-form__title">{t("profile.title")}</Heading>
      {profile.error && <Message variant="danger">{t(PROFILE_TEXT.loadFailed)}</Message>}
      {banner && <Message variant="danger">{banner}</Message>}
      {profile.loading && <Loader />}
      <div className="form-field">
        <label htmlFor={id("name")}>{t("register.name")}</label>
        <input id={id("name")} type="text" autoComplete="name" value={form.name} onChange={update("name")} />
      </div>
      <div className="form-field">
        <label htmlFor={id("phone")}>{t("phone.label")}</label>
        <input id={id("phone")} type="tel" value={form.phoneNo} readOnly aria-readonly="true" />
      </div>
      <div className="form-field">
        <label htmlFor={id("street")}>{t("address.street")}</label>
        <input
          id={id("street")}
          ref={streetInput}
          type="text"
          autoComplete="street-address"
          value={form.street}
          onChange={update("street")}
          aria-invalid={needsStreet(form.street) || undefined}
          aria-describedby={needsStreet(form.street) ? id("street-needed") : undefined}
        />
        {needsStreet(form.street) && (
          <p id={id("street-needed")} className="form-field__error">
            {t(PROFILE_TEXT.streetNeeded)}
          </p>
        )}
      </div>
      <div className="form-row">
        <div className="form-field">
          <label htmlFor={id("city")}>{t("address.city")}</label>
          <input id={id("city")} type="text" autoComplete="address-level2" value={form.city} onChange={update("city")} />
        </div>
        <div className="form-field">
          <label htmlFor={id("postal-code")}>{t("address.postalCode")}</label>
          <input
            id={id("postal-code")}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            value={form.postalCode}
            onChange={update("postalCode")}
          />
        </div>
      </div>
      <button type="button" className="btn btn--secondary btn--block" onClick={useCurrentLocation} disabled={locating}>
        {locating ? <span className="spinner" aria-hidden="true" /> : null}
        {t("profile.useLocation")}
      </button>
      {located && (
        <Message variant={located.deliverable ? "success" : "danger"}>
          {[located.message, located.area].filter(Boolean).join(" ")}
        </Message>
      )}
      {form.location && <LocationMap latitude={Number(form.location.latitude)} longitude={Number(form.location.longitude)} />}
      {withBusiness && <BusinessFields form={form} update={update} id={id} />}
      <button type="button" className="link-button profile-form__toggle" onClick={togglePasswords} aria-expanded={showPasswords}>
        {showPasswords ? t("profile.hidePasswords") : t("password.reset")}
      </button>
      {showPasswords && (
        <>
          <NewPasswordField id={id("new-password")} label={t("password.new")} value={password} onChange={setPassword} />
          <NewPasswordField id={id("confirm-new-password")} label={t("password.confirmNew")} value={confirmPassword} onChange={setConfirmPassword} />
          {password && (
            <div className="form-field">
              <label htmlFor={id("current-password")}>{t("password.current")}</label>
              <input
                id={id("current-password")}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                required
              />
            </div>
          )}
        </>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={save.busy}>
        {t("profile.update")}
      </button>
    </form>
  );
}
