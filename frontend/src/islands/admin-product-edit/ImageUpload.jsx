// The edit screen's file chooser: uploads the chosen photo to POST /api/upload with a progress
// bar and a Cancel button; the stored picture's URL comes back through `onUploaded`. The upload's
// code (lib/upload) comes once a photo is chosen.
import { useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useT } from "../../lib/i18n";

const UPLOAD_CANCELLED = "upload.cancelled";
const loadUpload = () => import(/* webpackChunkName: "upload" */ "../../lib/upload");

export default function ImageUpload({ onUploaded }) {
  const t = useT();
  const [state, setState] = useState({ status: "idle", percent: 0, message: "" });
  const controller = useRef(null);

  const onChoose = async (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    controller.current = new AbortController();
    setState({ status: "running", percent: 0, message: "" });
    try {
      const { uploadFile } = await loadUpload();
      const answer = await uploadFile("/api/upload", file, {
        signal: controller.current.signal,
        onProgress: (percent) => setState((current) => ({ ...current, percent })),
      });
      setState({ status: "success", percent: 100, message: t("upload.done") });
      onUploaded(answer.image);
    } catch (error) {
      if (error?.name === "AbortError") setState({ status: "canceled", percent: 0, message: t(UPLOAD_CANCELLED) });
      else if (!error?.leaving) setState({ status: "error", percent: 0, message: errorMessage(error) });
    } finally {
      controller.current = null;
    }
  };

  const running = state.status === "running";
  return (
    <div className="image-upload">
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={t("upload.choose")}
        onChange={onChoose}
        disabled={running}
      />
      {running && (
        <div className="image-upload__progress">
          <progress max="100" value={state.percent} aria-label={t("upload.progress")}>
            {state.percent}%
          </progress>
          <span>{state.percent}%</span>
          <button type="button" className="btn btn--small" onClick={() => controller.current?.abort()}>
            {t("upload.cancel")}
          </button>
        </div>
      )}
      {state.message && (
        <p className={state.status === "error" ? "form-field__error" : "image-upload__note"} role={state.status === "error" ? "alert" : "status"}>
          {state.message}
        </p>
      )}
    </div>
  );
}
