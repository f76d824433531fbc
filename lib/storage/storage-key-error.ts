/** A blob key or prefix that could escape the store or that no driver can represent. */
export class StorageKeyError extends Error {
  readonly key: string;

  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
    this.name = "StorageKeyError";
    this.key = key;
  }
}
