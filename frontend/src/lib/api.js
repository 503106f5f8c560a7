// The one way islands talk to the API: JSON in and out, the Bearer token on every call, and
// errors as ApiError carrying the server's `message`.
import { getUserInfo, handleUnauthorized } from "./auth";

export class ApiError extends Error {
  constructor(status, message, data) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

export async function api(path, options) {
  return (await apiResponse(path, options)).data;
}

/** The answer's body and headers: paged lists that stay JSON arrays count their rows in X-Total-Count. */
export async function apiResponse(path, { method = "GET", body, signal, headers = {} } = {}) {
  const info = getUserInfo();
  const requestHeaders = { Accept: "application/json", ...headers };
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    requestHeaders["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (info?.token) requestHeaders.Authorization = `Bearer ${info.token}`;

  let response;
  try {
    response = await fetch(path, { method, headers: requestHeaders, body: payload, signal, credentials: "same-origin" });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new ApiError(0, error?.message || "Network error. Please check your connection.", null);
  }

  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && info?.token) handleUnauthorized();
    const message = (data && typeof data === "object" && data.message) || response.statusText || "Something went wrong.";
    throw new ApiError(response.status, message, data);
  }
  return { data, headers: response.headers };
}

/** The text to show for any error: the server's message, else the error's own. */
export function errorMessage(error) {
  return error?.data?.message || error?.message || "Something went wrong.";
}
