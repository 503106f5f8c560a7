// Edit user (spec section 2): Go Back to the user list, 'Edit User', Name, Phone Number and
// 'Is Admin', submit 'Update'. 'user updated successfully' shows once the server has answered,
// then the list opens. The server owns every rule (own admin flag, last admin, phone taken) and
// its message is shown when it refuses.
import { useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { flash } from "../../lib/flash";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import "../../components/admin/admin.css";

export const USER_UPDATED = "user updated successfully";
const USER_LIST = "/admin/userlist";

export default function AdminUserEditPage({ userId }) {
  const path = `/api/users/${encodeURIComponent(userId)}`;
  const loaded = useApi(path);
  const [form, setForm] = useState(null);
  useEffect(() => {
    if (loaded.data) setForm({ name: loaded.data.name ?? "", phoneNo: loaded.data.phoneNo ?? "", isAdmin: !!loaded.data.isAdmin });
  }, [loaded.data]);

  const save = useSubmit(
    async () => {
      await api(path, { method: "PUT", body: { userId, name: form.name, phoneNo: form.phoneNo, isAdmin: form.isAdmin } });
      toast.success(USER_UPDATED);
      flash("success", USER_UPDATED);
      navigate(USER_LIST);
    },
    { leavesPage: true },
  );
  const change = (field) => (event) =>
    setForm((current) => ({ ...current, [field]: field === "isAdmin" ? event.target.checked : event.target.value }));

  return (
    <div className="admin-page">
      <a className="back-link btn btn--small" href={USER_LIST}>
        Go Back
      </a>
      <h1>Edit User</h1>
      {loaded.error ? (
        <Message variant="danger">{loaded.error}</Message>
      ) : !form ? (
        <Loader />
      ) : (
        <form
          className="admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.submit();
          }}
        >
          {save.error && <Message variant="danger">{save.error}</Message>}
          <div className="form-field">
            <label htmlFor="user-name">Name</label>
            <input id="user-name" type="text" value={form.name} onChange={change("name")} />
          </div>
          <div className="form-field">
            <label htmlFor="user-phone">Phone Number</label>
            <input id="user-phone" type="tel" inputMode="numeric" value={form.phoneNo} onChange={change("phoneNo")} />
          </div>
          <label className="form-check">
            <input type="checkbox" checked={form.isAdmin} onChange={change("isAdmin")} />
            Is Admin
          </label>
          <button type="submit" className="btn btn--primary" disabled={save.busy}>
            Update
          </button>
        </form>
      )}
    </div>
  );
}
