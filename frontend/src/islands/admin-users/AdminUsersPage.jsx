// Admin user list (spec section 2 "Admin screens"): heading 'Users', a table of ID, NAME, PHONE
// (a call link) and ADMIN (green tick or red cross), then the staff ROLE, which the owner changes
// in place (PUT /api/users/{id} {role}). Every row has Edit (an admin's too, so an admin made by
// mistake can be edited back); customers' rows have Delete (asking 'Are you sure'). Search by name
// or phone and the page live in the address. The server decides who may be deleted and who may
// get which role; its message is shown when it refuses.
import { useState } from "react";
import AdminList from "../../components/admin/AdminList";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { readPagedList, withQuery } from "../../lib/listPages";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import "../../components/admin/admin.css";

export function readUserListQuery(search) {
  const query = new URLSearchParams(search);
  return { keyword: (query.get("keyword") ?? "").trim(), page: Math.max(1, Number(query.get("pageNumber")) || 1) };
}

// The roles the server knows (accounts/roles.py); "" is a customer. The labels are texts, not rules.
const ROLES = [
  ["", "admin.users.roles.none"],
  ["owner", "admin.users.roles.owner"],
  ["cashier", "admin.users.roles.cashier"],
  ["packer", "admin.users.roles.packer"],
  ["rider", "admin.users.roles.rider"],
];

const listUrl = ({ keyword, page }) => withQuery("/admin/userlist", { keyword, pageNumber: page });

function AdminMark({ isAdmin }) {
  const t = useT();
  return isAdmin ? (
    <span className="admin-yes" role="img" aria-label={t("admin.users.admin")}>
      ✓
    </span>
  ) : (
    <span className="admin-no" role="img" aria-label={t("admin.users.notAdmin")}>
      ✗
    </span>
  );
}

export default function AdminUsersPage({ keyword = "", page = 1 }) {
  const t = useT();
  const list = useApi(withQuery("/api/users", { keyword, pageNumber: String(page) }));
  const { rows: users, pages } = readPagedList(list.data, list.headers);
  const [typed, setTyped] = useState(keyword);
  const remove = useSubmit(
    async (user) => {
      const answer = await api(`/api/users/${encodeURIComponent(user._id)}`, { method: "DELETE" });
      toast.success(answer?.message || t("admin.users.removed"));
      list.reload();
    },
    { onError: (text) => toast.error(text) },
  );

  const changeRole = useSubmit(
    async ({ user, role }) => {
      await api(`/api/users/${encodeURIComponent(user._id)}`, { method: "PUT", body: { role: role || null } });
      toast.success(t("admin.users.roleChanged", { name: user.name }));
      list.reload();
    },
    { onError: (text) => toast.error(text) },
  );

  const onDelete = (user) => {
    if (window.confirm(t("admin.areYouSure"))) remove.submit(user);
  };
  const onSearch = (event) => {
    event.preventDefault();
    navigate(listUrl({ keyword: typed.trim(), page: 1 }));
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <h1>{t("admin.nav.users")}</h1>
      </div>
      <form className="admin-tools" role="search" onSubmit={onSearch}>
        <input
          type="search"
          aria-label={t("admin.users.searchLabel")}
          placeholder={t("admin.users.searchPlaceholder")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          {t("search.button")}
        </button>
      </form>
      <AdminList list={list} rows={users} empty={t("admin.users.none")}>
        <table className="table admin-table">
          <thead>
            <tr>
              <th scope="col">{t("orders.id")}</th>
              <th scope="col">{t("admin.products.nameHeading")}</th>
              <th scope="col">{t("admin.users.phoneHeading")}</th>
              <th scope="col">{t("admin.users.adminHeading")}</th>
              <th scope="col">{t("admin.users.roleHeading")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("orders.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id}>
                <td data-label={t("orders.id")} className="admin-id">
                  {user._id}
                </td>
                <td data-label={t("register.name")}>{user.name}</td>
                <td data-label={t("admin.users.phone")}>
                  <a href={`tel:+91${user.phoneNo}`}>{user.phoneNo}</a>
                </td>
                <td data-label={t("admin.users.admin")}>
                  <AdminMark isAdmin={user.isAdmin} />
                </td>
                <td data-label={t("admin.users.role")}>
                  <select
                    aria-label={t("admin.users.roleOf", { name: user.name })}
                    value={user.role ?? (user.isAdmin ? "owner" : "")}
                    disabled={changeRole.busy}
                    onChange={(event) => changeRole.submit({ user, role: event.target.value })}
                  >
                    {ROLES.map(([role, label]) => (
                      <option key={label} value={role}>
                        {t(label)}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label={t("orders.actions")}>
                  <div className="admin-actions">
                    <a className="btn btn--small" href={`/admin/user/${encodeURIComponent(user._id)}/edit`}>
                      {t("admin.edit")}
                    </a>
                    {!user.isAdmin && !user.role && (
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        disabled={remove.busy}
                        onClick={() => onDelete(user)}
                        aria-label={t("admin.deleteNamed", { name: user.name })}
                      >
                        {t("admin.delete")}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
      <Pager page={page} pages={pages} hrefFor={(number) => listUrl({ keyword, page: number })} />
    </div>
  );
}
