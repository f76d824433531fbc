import { describe, expect, it } from "vitest";
import { writeBehind } from "./write-behind";

/** A write the test finishes by hand, to see what arrives while it runs. */
function heldWrites() {
  const writes: number[][] = [];
  const releases: Array<() => void> = [];
  const write = (items: number[]) => {
    writes.push(items);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  return { writes, releases, write };
}

describe("writeBehind", () => {
  it("writes the first item at once and groups the items that arrive while a write runs", async () => {
    const { writes, releases, write } = heldWrites();
    const writer = writeBehind(write);
    await writer.add(1);
    await writer.add(2);
    await writer.add(3);
    expect(writes).toEqual([[1]]);
    releases[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(writes).toEqual([[1], [2, 3]]);
    releases[1]();
    await writer.drain();
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it("rethrows a failed write from drain and refuses more items", async () => {
    const writer = writeBehind<number>(async () => {
      throw new Error("disk full");
    });
    await writer.add(1);
    await expect(writer.drain()).rejects.toThrow("disk full");
    await expect(writer.add(2)).rejects.toThrow("disk full");
  });

  it("makes the producer wait once 16 items are waiting", async () => {
    const { writes, releases, write } = heldWrites();
    const writer = writeBehind(write);
    for (let item = 1; item <= 16; item++) await writer.add(item);
    let added = false;
    const seventeenth = writer.add(17).then(() => (added = true));
    await Promise.resolve();
    expect(added).toBe(false);
    releases[0]();
    await seventeenth;
    expect(writes[1]).toEqual(Array.from({ length: 16 }, (_, index) => index + 2));
    expect(added).toBe(true);
    releases[1]();
    await writer.drain();
  });
});
