// A streaming pass over XML bytes that counts elements by local name and tracks nesting depth,
// chunk by chunk, without building anything: it runs before a real parser so a document whose
// structure would exhaust that parser is refused first. It does not validate; the parser does.

const lt = 0x3c;
const gt = 0x3e;
const slash = 0x2f;
const bang = 0x21;
const question = 0x3f;
const colon = 0x3a;
const doubleQuote = 0x22;
const singleQuote = 0x27;

type State = "text" | "tagOpen" | "name" | "attributes" | "closing" | "markup" | "skip";

export interface XmlScanLimits {
  maxDepth: number;
  /** Called for every element with its local name (prefix removed); throw to stop the scan. */
  onElement: (localName: string, depth: number) => void;
}

export class XmlDoctypeError extends Error {}
export class XmlDepthError extends Error {}

export class XmlScanner {
  private state: State = "text";
  private depth = 0;
  private name = "";
  private quote = 0;
  private lastInTag = 0;
  /** The first bytes of a `<!` construct, to tell comments and CDATA from a DTD (refused). */
  private markup = "";
  private markupEnd = "";
  private tail = "";

  private readonly limits: XmlScanLimits;

  constructor(limits: XmlScanLimits) {
    this.limits = limits;
  }

  write(chunk: Uint8Array): void {
    for (let index = 0; index < chunk.length; index++) {
      if (this.state === "text") {
        // Text between tags is most of the bytes: jump to the next tag.
        index = chunk.indexOf(lt, index);
        if (index === -1) return;
      }
      this.step(chunk[index]);
    }
  }

  private step(byte: number): void {
    switch (this.state) {
      case "text":
        if (byte === lt) this.state = "tagOpen";
        return;
      case "tagOpen":
        if (byte === slash) this.state = "closing";
        else if (byte === bang) {
          this.state = "markup";
          this.markup = "";
        } else if (byte === question) this.enterSkip("?>");
        else {
          this.state = "name";
          this.name = String.fromCharCode(byte);
        }
        return;
      case "name":
        if (byte === gt || byte === slash || byte <= 0x20) {
          this.state = "attributes";
          this.lastInTag = 0;
          this.quote = 0;
          this.step(byte);
        } else if (byte === colon) this.name = "";
        else if (this.name.length < 64) this.name += String.fromCharCode(byte);
        return;
      case "attributes":
        if (this.quote !== 0) {
          if (byte === this.quote) this.quote = 0;
        } else if (byte === doubleQuote || byte === singleQuote) this.quote = byte;
        else if (byte === gt) this.openElement(this.lastInTag === slash);
        if (byte > 0x20) this.lastInTag = byte;
        return;
      case "closing":
        if (byte === gt) {
          this.state = "text";
          if (this.depth > 0) this.depth--;
        }
        return;
      case "markup":
        this.readMarkupStart(byte);
        return;
      case "skip":
        this.tail = (this.tail + String.fromCharCode(byte)).slice(-this.markupEnd.length);
        if (this.tail === this.markupEnd) this.state = "text";
        return;
    }
  }

  private readMarkupStart(byte: number): void {
    this.markup += String.fromCharCode(byte);
    if (this.markup === "--") this.enterSkip("-->");
    else if (this.markup === "[CDATA[") this.enterSkip("]]>");
    // OOXML and ODF forbid DTDs; refusing them rules out entity-expansion bombs.
    else if (this.markup.length >= 7) throw new XmlDoctypeError(this.markup);
  }

  private enterSkip(end: string): void {
    this.state = "skip";
    this.markupEnd = end;
    this.tail = "";
  }

  private openElement(selfClosing: boolean): void {
    this.state = "text";
    const depth = this.depth + 1;
    if (depth > this.limits.maxDepth) throw new XmlDepthError(String(depth));
    this.limits.onElement(this.name, depth);
    if (!selfClosing) this.depth = depth;
  }
}
