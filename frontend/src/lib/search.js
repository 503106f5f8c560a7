// Search suggestions and their hand-over to the results page. Every island is its own page load,
// so the suggestions the search box already has travel in sessionStorage, keyed by the query.

export const MIN_SUGGESTION_CHARS = 3;
export const SUGGESTION_DEBOUNCE_MS = 250;
const HANDOVER_PREFIX = "search-suggestions:";

export function wantsSuggestions(text) {
  return text.trim().length >= MIN_SUGGESTION_CHARS;
}

/** The suggestions endpoint for the typed text (loaded through useApi). */
export function suggestionsPath(text) {
  return `/api/products/suggestions?q=${encodeURIComponent(text.trim())}`;
}

export function searchHref(query) {
  return `/search?query=${encodeURIComponent(query)}`;
}

export function handOverSuggestions(query, suggestions) {
  try {
    window.sessionStorage.setItem(HANDOVER_PREFIX + query, JSON.stringify(suggestions));
  } catch (error) {
    console.error("Could not hand the suggestions over", error);
  }
}

/** The suggestions handed over for `query`, once; null when there are none. */
export function takeHandedOverSuggestions(query) {
  try {
    const raw = window.sessionStorage.getItem(HANDOVER_PREFIX + query);
    if (raw == null) return null;
    window.sessionStorage.removeItem(HANDOVER_PREFIX + query);
    const value = JSON.parse(raw);
    return Array.isArray(value?.products) ? value : null;
  } catch {
    return null;
  }
}
