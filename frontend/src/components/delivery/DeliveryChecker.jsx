// The delivery-location checker (spec sections 2, 5 and 8), shown in the home page header. A
// pincode typed in the box, a place picked from Google autocomplete (only when a Maps key is
// configured) or the browser's location goes to GET /api/delivery/check, which answers whether
// the shop delivers there.
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { config } from "../../lib/config";
import { checkDelivery, currentPosition, isGeolocationSupported, isPermissionDenied } from "../../lib/geo";
import { AUTOCOMPLETE_OPTIONS, loadGooglePlaces, lookupForPlace } from "../../lib/googlePlaces";
import "./delivery.css";

export const GEOLOCATION_DENIED = "Please enable location access to use this feature.";
export const GEOLOCATION_UNSUPPORTED = "Geolocation is not supported by this browser.";
const PINCODE = /^\d{6}$/;

function useGooglePlaces(input, apiKey, onPlace) {
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (!apiKey || !requested || !input.current) return undefined;
    let listener = null;
    let cancelled = false;
    loadGooglePlaces(apiKey)
      .then((google) => {
        if (cancelled || !input.current) return;
        const autocomplete = new google.maps.places.Autocomplete(input.current, AUTOCOMPLETE_OPTIONS);
        listener = autocomplete.addListener("place_changed", () => onPlaceRef.current(google, autocomplete.getPlace()));
      })
      .catch((error) => console.error("Address search is unavailable", error));
    return () => {
      cancelled = true;
      listener?.remove();
    };
  }, [apiKey, requested, input]);

  // The script loads when the shopper first reaches for the box, not with the page.
  return () => setRequested(true);
}

export default function DeliveryChecker({ onResult }) {
  const [query, setQuery] = useState("");
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const input = useRef(null);
  const lastChecked = useRef("");

  const check = async (lookup) => {
    setBusy(true);
    try {
      const answer = await checkDelivery(lookup);
      setResult(answer);
      onResult?.(answer.deliverable ? answer.town : answer.pincode);
    } catch (error) {
      console.error("Delivery check failed", error);
      setResult({ deliverable: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const requestPlaces = useGooglePlaces(input, config.googleMapsKey, async (google, place) => {
    const lookup = await lookupForPlace(google, place);
    if (lookup) check(lookup);
  });

  const checkPincode = (value) => {
    const pincode = value.trim();
    if (!pincode) return;
    lastChecked.current = pincode;
    check({ pincode });
  };

  const handleChange = (event) => {
    const value = event.target.value;
    setQuery(value);
    // A full pincode is checked as soon as it is typed.
    if (!PINCODE.test(value.trim())) lastChecked.current = "";
    else if (value.trim() !== lastChecked.current) checkPincode(value);
  };

  const submit = (event) => {
    event.preventDefault();
    if (config.googleMapsKey && !PINCODE.test(query.trim())) return; // autocomplete handles places
    checkPincode(query);
  };

  const useMyLocation = async () => {
    if (!isGeolocationSupported()) {
      window.alert(GEOLOCATION_UNSUPPORTED);
      return;
    }
    let coordinates;
    try {
      coordinates = await currentPosition();
    } catch (error) {
      if (isPermissionDenied(error)) window.alert(GEOLOCATION_DENIED);
      else console.error("Geolocation failed", error);
      return;
    }
    check(coordinates);
  };

  return (
    <section className="delivery-checker" aria-labelledby="delivery-checker-title" aria-busy={busy}>
      <h2 id="delivery-checker-title" className="delivery-checker__title">
        Where Would You Like Your Order Delivered?
      </h2>
      <div className="delivery-checker__controls">
        <form className="delivery-checker__search" onSubmit={submit} role="search">
          <input
            ref={input}
            type="search"
            className="delivery-checker__input"
            value={query}
            onChange={handleChange}
            onFocus={requestPlaces}
            placeholder="Search a new address"
            aria-label="Search a new address"
            autoComplete="off"
            enterKeyHint="search"
          />
        </form>
        <span className="delivery-checker__or">OR</span>
        <button type="button" className="btn btn--secondary delivery-checker__locate" onClick={useMyLocation} disabled={busy}>
          Use My Current Location
        </button>
      </div>
      {result && (
        <div
          className={`alert delivery-result ${result.deliverable ? "alert--success" : "alert--danger"}`}
          role={result.deliverable ? "status" : "alert"}
        >
          <strong className="delivery-result__title">{result.deliverable ? "Great!" : "Oops!"}</strong>
          <p className="delivery-result__message">{result.message}</p>
        </div>
      )}
    </section>
  );
}
