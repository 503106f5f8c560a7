import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { writeJSON } from "./storage";
import { createStore, createStoredStore } from "./store";

describe("createStore", () => {
  it("notifies subscribers on a change and not on the same value", () => {
    const store = createStore(1);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set(2);
    store.set((value) => value);
    expect(store.get()).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("re-renders a component through use(selector) only for what it selects", () => {
    const store = createStore({ count: 0, other: "a" });
    const renders = vi.fn();
    function Count() {
      const count = store.use((state) => state.count);
      renders();
      return <p>{count}</p>;
    }
    render(<Count />);
    act(() => store.set((state) => ({ ...state, count: 1 })));
    expect(screen.getByText("1")).toBeInTheDocument();
    const before = renders.mock.calls.length;
    act(() => store.set((state) => ({ ...state, other: "b" })));
    expect(renders.mock.calls.length).toBe(before);
  });
});

describe("createStoredStore", () => {
  it("keeps its value in localStorage and hears writes made elsewhere", () => {
    const store = createStoredStore("testKey", { items: [] });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ items: [1] });
    expect(JSON.parse(localStorage.getItem("testKey"))).toEqual({ items: [1] });
    expect(store.get()).toBe(store.get());
    writeJSON("testKey", { items: [2] });
    expect(store.get()).toEqual({ items: [2] });
    expect(listener).toHaveBeenCalledTimes(2);
    localStorage.removeItem("testKey");
    expect(store.get()).toEqual({ items: [] });
  });
});
