// File upload with progress and cancel (the edit-product screen's file chooser). fetch cannot
// report upload progress, so this one call uses XMLHttpRequest; it sends the same Bearer token,
// answers the same ApiError and follows the same 401 rule as lib/api.
import { ApiError, NETWORK_ERROR, SOMETHING_WENT_WRONG } from "./api";
import { getUserInfo, handleUnauthorized, pageGate } from "./auth";
import { t } from "./i18n";

/** A catalog key (lib/i18n.js). */
export const UPLOAD_CANCELLED = "upload.cancelled";

/**
 * POST `file` as the multipart field `field` to `path`. `onProgress(percent)` follows the upload;
 * `signal` (an AbortSignal) cancels it, rejecting with an AbortError. Resolves to the JSON answer.
 */
export function uploadFile(path, file, { field = "image", onProgress, signal } = {}) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const info = getUserInfo();
    const aborted = () => reject(new DOMException(t(UPLOAD_CANCELLED), "AbortError"));
    if (signal?.aborted) return aborted();
    request.open("POST", path);
    request.setRequestHeader("Accept", "application/json");
    if (info?.token) request.setRequestHeader("Authorization", `Bearer ${info.token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onabort = aborted;
    request.onerror = () => reject(new ApiError(0, t(NETWORK_ERROR), null));
    request.onload = () => {
      let data = null;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        data = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) return resolve(data);
      const message = (data && typeof data === "object" && data.message) || t(SOMETHING_WENT_WRONG);
      const error = new ApiError(request.status, message, data, { sentToken: Boolean(info?.token) });
      if (request.status === 401 && (info?.token || pageGate() !== "public")) error.leaving = handleUnauthorized();
      reject(error);
    };
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    const body = new FormData();
    body.append(field, file);
    request.send(body);
  });
}
