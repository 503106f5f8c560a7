// The one hook that loads data from the API for a component: loading and error state, the answer
// of the latest request only (a change of `path` or an unmount cancels the one in flight, and the
// data of an older request is never returned for a newer one), and the spec's 401 rule (lib/api:
// the session is cleared and a signed-in page leaves for /login?redirect=...; the hook then
// keeps loading and shows no error). A path whose answer the server wrote into the page
// (lib/preloaded) starts with that answer and is not fetched.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiWithHeaders, errorMessage } from "./api";
import { takePreloaded } from "./preloaded";

function initialState(request, requestKey, initialData) {
  const preloaded = typeof request === "string" ? takePreloaded(request) : undefined;
  if (preloaded === undefined) return { key: undefined, data: initialData, headers: null, error: "", status: null };
  return { key: requestKey, data: preloaded, headers: null, error: "", status: 200, preloaded: true };
}

/**
 * `request` is a path ("/api/orders/mine"), null to load nothing, or `(signal) => Promise` for a
 * load that is more than one GET (pass `key` then: a new key loads again).
 * Returns {data, headers, loading, error, status, reload, setData}:
 * - `error` is the sentence to show (errorMessage), "" when none; `status` its HTTP status;
 * - `reload()` loads the same request again, keeping the shown data until the answer arrives;
 * - `setData` replaces the data, e.g. with an updated record the server returned.
 */
export function useApi(request, { key, initialData = null } = {}) {
  const requestKey = typeof request === "function" ? (key ?? "load") : request;
  const [state, setState] = useState(() => initialState(request, requestKey, initialData));
  const [generation, setGeneration] = useState(0);
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    const current = requestRef.current;
    if (current == null) return undefined;
    // The first render already has this request's answer, written into the page.
    if (state.preloaded && state.key === requestKey && generation === 0) return undefined;
    const controller = new AbortController();
    const load =
      typeof current === "function"
        ? Promise.resolve(current(controller.signal)).then((data) => ({ data, headers: null }))
        : apiWithHeaders(current, { signal: controller.signal });
    load.then(
      ({ data, headers }) => {
        if (!controller.signal.aborted) setState({ key: requestKey, data, headers, error: "", status: 200 });
      },
      (error) => {
        if (controller.signal.aborted || error?.name === "AbortError") return;
        // The 401 rule is taking the browser to the login page: keep the loader, show no error.
        if (error?.leaving) return;
        console.error(`Loading ${typeof current === "string" ? current : "data"} failed`, error);
        setState({ key: requestKey, data: initialData, headers: null, error: errorMessage(error), status: error?.status ?? 0 });
      },
    );
    return () => controller.abort();
    // `initialData` is what a failed or new request shows; it is not a reason to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, generation]);

  const reload = useCallback(() => {
    setState((previous) => ({ ...previous, reloading: true }));
    setGeneration((count) => count + 1);
  }, []);
  const setData = useCallback((next) => {
    setState((previous) => ({ ...previous, data: typeof next === "function" ? next(previous.data) : next }));
  }, []);

  if (request == null) return { data: initialData, headers: null, loading: false, error: "", status: null, reload, setData };
  // Until this request answers, an older request's data is never shown for it.
  const answered = state.key === requestKey && !state.reloading;
  if (state.key !== requestKey) return { data: initialData, headers: null, loading: true, error: "", status: null, reload, setData };
  return { data: state.data, headers: state.headers, loading: !answered, error: state.error, status: state.status, reload, setData };
}
