// The optional Google layer of the delivery checker (spec sections 5 and 7): Places autocomplete
// restricted to India and geocode results, and a reverse geocode for a place without a postal
// code. It only loads when a Maps key is configured; without one the checker takes a pincode.
let loading = null;

export function loadGooglePlaces(apiKey) {
  if (window.google?.maps?.places) return Promise.resolve(window.google);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
      script.async = true;
      script.onload = () => (window.google?.maps?.places ? resolve(window.google) : reject(new Error("Google Places did not load")));
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error("The Google Maps script could not be loaded"));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}

export const AUTOCOMPLETE_OPTIONS = Object.freeze({
  componentRestrictions: { country: "in" },
  types: ["geocode"],
  fields: ["address_components", "geometry", "formatted_address"],
});

export function postalCodeOf(addressComponents = []) {
  return addressComponents.find((component) => component.types?.includes("postal_code"))?.long_name ?? null;
}

/**
 * What to ask the delivery check about a chosen place: its pincode, else the first pincode a
 * reverse geocode of its coordinates finds, else the coordinates themselves (the server then
 * takes the nearest pincode).
 */
export async function lookupForPlace(google, place) {
  const pincode = postalCodeOf(place?.address_components);
  if (pincode) return { pincode };
  const location = place?.geometry?.location;
  if (!location) return null;
  try {
    const { results = [] } = await new google.maps.Geocoder().geocode({ location });
    for (const result of results) {
      const found = postalCodeOf(result.address_components);
      if (found) return { pincode: found };
    }
  } catch (error) {
    console.error("Reverse geocoding failed", error);
  }
  return { latitude: location.lat(), longitude: location.lng() };
}
