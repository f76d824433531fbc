import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedCache } from "./shared-cache";

afterEach(() => vi.useRealTimers());

function counted() {
  const events: string[] = [];
  let opened = 0;
  const open = async () => {
    opened++;
    events.push(`open ${opened}`);
    return { id: opened };
  };
  return { events, open, close: (value: { id: number }) => events.push(`close ${value.id}`) };
}

describe("sharedCache", () => {
  it("opens once for users at the same time and for a user that comes within the linger time", async () => {
    vi.useFakeTimers();
    const { events, open, close } = counted();
    const cache = sharedCache<string, { id: number }>({ lingerMs: 1000, close });
    const [a, b] = await Promise.all([
      cache.with("file", open, async (value) => value.id),
      cache.with("file", open, async (value) => value.id),
    ]);
    expect([a, b]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(900);
    expect(await cache.with("file", open, async (value) => value.id)).toBe(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(events).toEqual(["open 1"]);
    await vi.advanceTimersByTimeAsync(200);
    expect(events).toEqual(["open 1", "close 1"]);
    expect(cache.size()).toBe(0);
    expect(await cache.with("file", open, async (value) => value.id)).toBe(2);
  });

  it("keeps a value open while it is used, however long", async () => {
    vi.useFakeTimers();
    const { events, open, close } = counted();
    const cache = sharedCache<string, { id: number }>({ lingerMs: 10, close });
    let finish = () => {};
    const slow = cache.with("file", open, () => new Promise<void>((resolve) => (finish = resolve)));
    await cache.with("file", open, async () => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual(["open 1"]);
    finish();
    await slow;
    await vi.advanceTimersByTimeAsync(20);
    expect(events).toEqual(["open 1", "close 1"]);
  });

  it("does not keep a value that failed to open, and passes the failure on", async () => {
    const cache = sharedCache<string, number>({ lingerMs: 1000 });
    await expect(
      cache.with(
        "file",
        () => Promise.reject(new Error("missing")),
        async () => 1,
      ),
    ).rejects.toThrow("missing");
    expect(cache.size()).toBe(0);
    expect(
      await cache.with(
        "file",
        async () => 7,
        async (value) => value,
      ),
    ).toBe(7);
  });
});
