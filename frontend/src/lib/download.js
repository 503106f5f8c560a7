// A file the API answers (a CSV export, a return's JSON, a workbook) saved by the browser: GET with
// the session's token, the server's refusal thrown as its own sentence (lib/api errorMessage), the
// file named as the server's Content-Disposition says. The books and the stock screens use it.
import { ApiError, errorMessage } from "./api";
import { getUserInfo } from "./auth";

function filenameOf(response, fallback) {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
  return match ? match[1] : fallback;
}

/** GET `path` with the session's token and save the answer as a file; throws the server's message. */
export async function download(path, fallbackName) {
  const info = getUserInfo();
  const headers = info?.token ? { Authorization: `Bearer ${info.token}` } : {};
  let response;
  try {
    response = await fetch(path, { headers, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new Error(errorMessage(new ApiError(0, "", null)));
  }
  if (!response.ok) {
    let data = null;
    try {
      data = JSON.parse(await response.text());
    } catch {
      data = null;
    }
    throw new Error(errorMessage(new ApiError(response.status, data?.message || response.statusText, data)));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filenameOf(response, fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return link.download;
}
