import { describe, expect, it } from "vitest";
import { mayOpenStaffPath, staffPaths, staffRole } from "./staff";

const SCREENS = [
  { path: "/admin/orderlist", roles: ["owner", "packer"] },
  { path: "/admin/productlist", roles: ["owner", "cashier"] },
  { path: "/admin/deliverysheet", roles: ["owner", "packer", "rider"] },
];

describe("staff screens", () => {
  it("reads the role, an old owner's login info by its isAdmin", () => {
    expect(staffRole({ role: "rider", isAdmin: false })).toBe("rider");
    expect(staffRole({ isAdmin: true })).toBe("owner");
    expect(staffRole({ isAdmin: false, role: null })).toBeNull();
    expect(staffRole(null)).toBeNull();
  });

  it("lists the screens the server gives each role", () => {
    expect(staffPaths({ role: "packer" }, SCREENS)).toEqual(["/admin/orderlist", "/admin/deliverysheet"]);
    expect(staffPaths({ role: "cashier" }, SCREENS)).toEqual(["/admin/productlist"]);
    expect(staffPaths({ isAdmin: false }, SCREENS)).toEqual([]);
    expect(staffPaths({ isAdmin: true }, undefined)).toBeNull();
    expect(staffPaths({ role: "rider" }, undefined)).toEqual([]);
  });

  it("opens a screen and the pages below it, nothing else", () => {
    expect(mayOpenStaffPath({ role: "cashier" }, "/admin/productlist/2", SCREENS)).toBe(true);
    expect(mayOpenStaffPath({ role: "cashier" }, "/admin/productlistx", SCREENS)).toBe(false);
    expect(mayOpenStaffPath({ role: "rider" }, "/admin/orderlist", SCREENS)).toBe(false);
    expect(mayOpenStaffPath({ isAdmin: true, role: "owner" }, "/admin/dashboard", SCREENS)).toBe(false);
    expect(mayOpenStaffPath({ isAdmin: true }, "/admin/dashboard", undefined)).toBe(true);
  });
});
