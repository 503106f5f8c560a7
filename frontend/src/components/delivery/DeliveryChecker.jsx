// The delivery-location checker (spec sections 2, 5 and 8), shown in the home page header. A
// pincode typed in the box, a place picked from the suggestions (the shop's offline post-office
// search, or Google autocomplete on top when a Maps key is configured) or the browser's location
// goes to GET /api/delivery/check, which answers whether the shop delivers there.
import deliveryTexts from "../../i18n/delivery";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { config } from "../../lib/config";
import {
  PLACE_MIN_CHARS,
  checkDelivery,
  currentPosition,
  isGeolocationSupported,
  isPermissionDenied,
  placesPath,
  searchPlaces,
} from "../../lib/geo";
import { useDebounced, useOutsideClick } from "../../lib/hooks";
import { t, useT } from "../../lib/i18n";
import { nextActive } from "../../lib/listNavigation";
import { SUGGESTION_DEBOUNCE_MS } from "../../lib/search";
import { AUTOCOMPLETE_OPTIONS, loadGooglePlaces, lookupForPlace } from "../../lib/googlePlaces";
import { useApi } from "../../lib/useApi";
import "./delivery.css";

// Catalog keys (lib/i18n.js).
export const GEOLOCATION_DENIED = "delivery.geoDenied";
export const GEOLOCATION_UNSUPPORTED = "delivery.geoUnsupported";
const PINCODE = /^\d{6}$/;

export function placeNotFound(text) {
  return t("delivery.placeNotFound", { text });
}

/** Offline place suggestions for what the shopper types (not for a pincode, nor with Google on). */
function usePlaceSuggestions(text, enabled) {
  const typed = text.trim();
  const wanted = enabled && typed.length >= PLACE_MIN_CHARS && !PINCODE.test(typed) ? typed : "";
  const query = useDebounced(wanted, SUGGESTION_DEBOUNCE_MS);
  // A failed search is only logged (by useApi): the checker still answers on submit.
  const { data } = useApi(query ? placesPath(query) : null);
  if (!wanted || query !== wanted || !data) return { query: "", list: [] };
  return { query, list: data.places ?? [] };
}

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

// Its texts, loaded with it (components/Header.jsx).
export const texts = [deliveryTexts];

export default function DeliveryChecker({ onResult }) {
  const t = useT();
  const id = useId();
  const listId = `${id}-places`;
  const [query, setQuery] = useState("");
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef(null);
  const box = useRef(null);
  const lastChecked = useRef("");
  const places = usePlaceSuggestions(query, !config.googleMapsKey);
  const showList = listOpen && places.list.length > 0;

  useOutsideClick(box, () => setListOpen(false), showList);

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
    // An earlier answer is about other text: it goes as soon as the shopper types again.
    setResult(null);
    setActive(-1);
    setListOpen(true);
    // A full pincode is checked as soon as it is typed.
    if (!PINCODE.test(value.trim())) lastChecked.current = "";
    else if (value.trim() !== lastChecked.current) checkPincode(value);
  };

  const pickPlace = (place) => {
    setQuery(place.label);
    setListOpen(false);
    setActive(-1);
    checkPincode(place.pincode);
  };

  const submit = async (event) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    if (PINCODE.test(text)) return checkPincode(text);
    if (config.googleMapsKey) return; // autocomplete handles places
    // Enter before the suggestions arrived still finds the place.
    let list = places.query === text ? places.list : null;
    if (!list) {
      try {
        list = text.length >= PLACE_MIN_CHARS ? await searchPlaces(text) : [];
      } catch (error) {
        console.error("Place search failed", error);
        list = [];
      }
    }
    if (list.length) pickPlace(list[0]);
    else setResult({ deliverable: false, message: placeNotFound(text) });
  };

  const onKeyDown = (event) => {
    const count = places.list.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      setListOpen(true);
      setActive((current) => nextActive(current, event.key === "ArrowDown" ? 1 : -1, count));
    } else if (event.key === "Enter" && showList && active >= 0 && active < count) {
      event.preventDefault();
      pickPlace(places.list[active]);
    } else if (event.key === "Escape") {
      setActive(-1);
      setListOpen(false);
    }
  };

  const useMyLocation = async () => {
    if (!isGeolocationSupported()) {
      window.alert(t(GEOLOCATION_UNSUPPORTED));
      return;
    }
    let coordinates;
    try {
      coordinates = await currentPosition();
    } catch (error) {
      if (isPermissionDenied(error)) window.alert(t(GEOLOCATION_DENIED));
      else console.error("Geolocation failed", error);
      return;
    }
    check(coordinates);
  };

  return (
    <section className="delivery-checker" aria-labelledby="delivery-checker-title" aria-busy={busy}>
      <h2 id="delivery-checker-title" className="delivery-checker__title">
        {t("delivery.title")}
      </h2>
      <div className="delivery-checker__controls">
        <form className="delivery-checker__search" onSubmit={submit} role="search" ref={box}>
          <input
            ref={input}
            type="search"
            className="delivery-checker__input"
            value={query}
            onChange={handleChange}
            onFocus={() => {
              requestPlaces();
              setListOpen(true);
            }}
            onKeyDown={onKeyDown}
            placeholder={t("delivery.search")}
            aria-label={t("delivery.search")}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? `${id}-place-${active}` : undefined}
            autoComplete="off"
            enterKeyHint="search"
          />
          <ul className="delivery-checker__places" id={listId} role="listbox" aria-label={t("delivery.places")} hidden={!showList}>
            {places.list.map((place, index) => (
              <li
                key={`${place.name}-${place.pincode}`}
                id={`${id}-place-${index}`}
                role="option"
                aria-selected={index === active}
                className="delivery-checker__place"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickPlace(place)}
              >
                {/* India Post's names, in English as its offices bear them. */}
                <span className="delivery-checker__place-name" lang="en">
                  {place.label}
                </span>
                {place.state && (
                  <span className="delivery-checker__place-where" lang="en">
                    {[place.district, place.state].filter(Boolean).join(", ")}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </form>
        <span className="delivery-checker__or">{t("delivery.or")}</span>
        <button type="button" className="btn btn--secondary delivery-checker__locate" onClick={useMyLocation} disabled={busy}>
          {t("delivery.useMyLocation")}
        </button>
      </div>
      {result && (
        <div
          className={`alert delivery-result ${result.deliverable ? "alert--success" : "alert--danger"}`}
          role={result.deliverable ? "status" : "alert"}
        >
          <strong className="delivery-result__title">{result.deliverable ? t("delivery.great") : t("delivery.oops")}</strong>
          <p className="delivery-result__message">{result.message}</p>
          {result.area && <p className="delivery-result__area">{result.area}</p>}
        </div>
      )}
    </section>
  );
}
