// The frame of an admin edit screen (edit product, edit user): Go Back to the list, the heading,
// then the screen's body. AdminForm is its form: submit runs `save`, whose error shows on top.
import { useT } from "../../lib/i18n";
import Message from "../Message";

export default function AdminEditFrame({ backHref, title, children }) {
  const t = useT();
  return (
    <div className="admin-page">
      <a className="back-link btn btn--small" href={backHref}>
        {t("common.goBack")}
      </a>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function AdminForm({ save, children }) {
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.submit();
      }}
    >
      {save.error && <Message variant="danger">{save.error}</Message>}
      {children}
    </form>
  );
}
