// Which staff screens the signed-in user may open, as the server says (shop config
// `staffScreens`, from the page table in shop/pages.py, with the roles of each). The chrome's
// menu and the login page's redirect read it here; no role's rule is written in the browser.
import { config } from "./config";

/** The user's staff role ("owner", "cashier", "packer", "rider") or null; an old stored login
 * info without `role` is an owner when it says isAdmin (the existing client's flag). */
export function staffRole(info) {
  return info?.role ?? (info?.isAdmin ? "owner" : null);
}

/** The paths of the screens `info`'s role may open; null for "every one" (an owner whose page
 * carried no list: a test, a stale cached page). */
export function staffPaths(info, screens = config.staffScreens) {
  const role = staffRole(info);
  if (!role) return [];
  if (!Array.isArray(screens)) return role === "owner" ? null : [];
  return screens.filter((screen) => screen.roles?.includes(role)).map((screen) => screen.path);
}

/** Whether `info` may open the admin screen at `path` (its own path or one below it: /admin/productlist/2). */
export function mayOpenStaffPath(info, path, screens = config.staffScreens) {
  const paths = staffPaths(info, screens);
  if (paths === null) return true;
  return paths.some((allowed) => path === allowed || path.startsWith(`${allowed}/`));
}
