// The one form-submit helper (login, register, forgot password, profile, admin actions): runs the
// submit at most once at a time, keeps `busy` while it runs, and turns a failure into the sentence
// to show (lib/api errorMessage: the spec's text or a plain sentence, never a framework's).
import { useCallback, useRef, useState } from "react";
import { errorMessage } from "./api";

/**
 * `action(...args)` does the work (usually an `api` call) and may return a value.
 * Options: `onError(message, error)` shows a failure (a toast) instead of the `error` state;
 * `leavesPage`: after success the page is being left, so the button stays busy.
 * Returns {submit, busy, error, setError}; `submit(...args)` resolves to {ok, value?, error?}.
 */
export function useSubmit(action, { onError, leavesPage = false } = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const running = useRef(false);
  const latest = useRef({ action, onError });
  latest.current = { action, onError };

  const submit = useCallback(
    async (...args) => {
      if (running.current) return { ok: false, skipped: true };
      running.current = true;
      setBusy(true);
      setError("");
      try {
        const value = await latest.current.action(...args);
        if (!leavesPage) {
          running.current = false;
          setBusy(false);
        }
        return { ok: true, value };
      } catch (failure) {
        running.current = false;
        // The 401 rule is taking a signed-in page to the login page: say nothing.
        if (failure?.leaving) return { ok: false, error: failure };
        setBusy(false);
        console.error("Submitting failed", failure);
        const message = errorMessage(failure);
        if (latest.current.onError) latest.current.onError(message, failure);
        else setError(message);
        return { ok: false, error: failure, message };
      }
    },
    [leavesPage],
  );

  return { submit, busy, error, setError };
}
