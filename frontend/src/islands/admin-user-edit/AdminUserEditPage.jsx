// Edit user (spec section 2): Go Back to the user list, 'Edit User', Name, Phone Number and
// 'Is Admin', submit 'Update'. 'user updated successfully' shows once the server has answered,
// then the list opens. The server owns every rule (own admin flag, last admin, phone taken) and
// its message is shown when it refuses. Below the form, the user's store credit and goodwill
// credit given with a reason (StoreCreditPanel, issue 48); a cashier, whom the server refuses the
// user's details (403), gets the panel alone.
import { useEffect, useState } from "react";
import AdminEditFrame, { AdminForm } from "../../components/admin/AdminEditFrame";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { flash } from "../../lib/flash";
import { useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import StoreCreditPanel from "./StoreCreditPanel";
import "../../components/admin/admin.css";

/** A catalog key (lib/i18n.js). */
export const USER_UPDATED = "admin.users.updated";
const USER_LIST = "/admin/userlist";

export default function AdminUserEditPage({ userId }) {
  const t = useT();
  const path = `/api/users/${encodeURIComponent(userId)}`;
  const loaded = useApi(path);
  const [form, setForm] = useState(null);
  useEffect(() => {
    if (loaded.data) setForm({ name: loaded.data.name ?? "", phoneNo: loaded.data.phoneNo ?? "", isAdmin: !!loaded.data.isAdmin });
  }, [loaded.data]);

  const save = useSubmit(
    async () => {
      await api(path, { method: "PUT", body: { userId, name: form.name, phoneNo: form.phoneNo, isAdmin: form.isAdmin } });
      toast.success(t(USER_UPDATED));
      flash("success", t(USER_UPDATED));
      navigate(USER_LIST);
    },
    { leavesPage: true },
  );
  const change = (field) => (event) =>
    setForm((current) => ({ ...current, [field]: field === "isAdmin" ? event.target.checked : event.target.value }));

  return (
    <AdminEditFrame backHref={USER_LIST} title={t("admin.users.editTitle")}>
      {loaded.status === 403 ? null : loaded.error ? (
        <Message variant="danger">{loaded.error}</Message>
      ) : !form ? (
        <Loader />
      ) : (
        <AdminForm save={save}>
          <div className="form-field">
            <label htmlFor="user-name">{t("register.name")}</label>
            <input id="user-name" type="text" value={form.name} onChange={change("name")} />
          </div>
          <div className="form-field">
            <label htmlFor="user-phone">{t("phone.label")}</label>
            <input id="user-phone" type="tel" inputMode="numeric" value={form.phoneNo} onChange={change("phoneNo")} />
          </div>
          <label className="form-check">
            <input type="checkbox" checked={form.isAdmin} onChange={change("isAdmin")} />
            {t("admin.users.isAdmin")}
          </label>
          <button type="submit" className="btn btn--primary" disabled={save.busy}>
            {t("profile.update")}
          </button>
        </AdminForm>
      )}
      <StoreCreditPanel userId={userId} />
    </AdminEditFrame>
  );
}
