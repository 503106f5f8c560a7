// Admin user list (spec section 2 "Admin screens"): heading 'Users', a table of ID, NAME, PHONE
// (a call link) and ADMIN (green tick or red cross); non-admin rows have Edit and Delete (asking
// 'Are you sure'). Search by name or phone and the page live in the address. The server decides
// who may be deleted; its message is shown when it refuses.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
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

const listUrl = ({ keyword, page }) => withQuery("/admin/userlist", { keyword, pageNumber: page });

function AdminMark({ isAdmin }) {
  return isAdmin ? (
    <span className="admin-yes" role="img" aria-label="Admin">
      ✓
    </span>
  ) : (
    <span className="admin-no" role="img" aria-label="Not admin">
      ✗
    </span>
  );
}

export default function AdminUsersPage({ keyword = "", page = 1 }) {
  const list = useApi(withQuery("/api/users", { keyword, pageNumber: String(page) }));
  const { rows: users, pages } = readPagedList(list.data, list.headers);
  const [typed, setTyped] = useState(keyword);
  const remove = useSubmit(
    async (user) => {
      const answer = await api(`/api/users/${encodeURIComponent(user._id)}`, { method: "DELETE" });
      toast.success(answer?.message || "User removed");
      list.reload();
    },
    { onError: (text) => toast.error(text) },
  );

  const onDelete = (user) => {
    if (window.confirm("Are you sure")) remove.submit(user);
  };
  const onSearch = (event) => {
    event.preventDefault();
    navigate(listUrl({ keyword: typed.trim(), page: 1 }));
  };

  return (
    <div className="admin-page">
      <div className="admin-head">
        <h1>Users</h1>
      </div>
      <form className="admin-tools" role="search" onSubmit={onSearch}>
        <input
          type="search"
          aria-label="Search users by name or phone"
          placeholder="Search by name or phone"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      {list.loading && !list.data ? (
        <Loader />
      ) : list.error ? (
        <Message variant="danger">{list.error}</Message>
      ) : users.length === 0 ? (
        <Message variant="info">No users found.</Message>
      ) : (
        <div className="table-scroll">
          <table className="table admin-table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">NAME</th>
                <th scope="col">PHONE</th>
                <th scope="col">ADMIN</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td data-label="ID" className="admin-id">
                    {user._id}
                  </td>
                  <td data-label="Name">{user.name}</td>
                  <td data-label="Phone">
                    <a href={`tel:+91${user.phoneNo}`}>{user.phoneNo}</a>
                  </td>
                  <td data-label="Admin">
                    <AdminMark isAdmin={user.isAdmin} />
                  </td>
                  <td data-label={user.isAdmin ? "" : "Actions"}>
                    {!user.isAdmin && (
                      <div className="admin-actions">
                        <a className="btn btn--small" href={`/admin/user/${encodeURIComponent(user._id)}/edit`}>
                          Edit
                        </a>
                        <button
                          type="button"
                          className="btn btn--small btn--danger"
                          disabled={remove.busy}
                          onClick={() => onDelete(user)}
                          aria-label={`Delete ${user.name}`}
                        >
                          Delete
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} hrefFor={(number) => listUrl({ keyword, page: number })} />
    </div>
  );
}
