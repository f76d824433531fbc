import http from "node:http";
import type { AddressInfo } from "node:net";

// A local site for the web tests and the benchmark: a form with every kind of field (labels, a select,
// radios, a checkbox, a textarea, a file input, an iframe, a shadow-DOM field), a redirect, a page
// with a table, and pages that try to reach a forbidden address. Listens on port 0.

export interface ReceivedPost {
  path: string;
  fields: Record<string, string>;
  files: Array<{ field: string; name: string; size: number }>;
}

export interface FormSite {
  origin: string;
  port: number;
  posts: ReceivedPost[];
  /** Requests that reached /secret: the guard tests expect none. */
  secretHits: string[];
  close(): Promise<void>;
}

const FORM_PAGE = `<!doctype html><html><head><title>Invoice intake</title></head><body>
<h1>Invoice intake</h1>
<form id="intake" method="post" action="/submit" enctype="multipart/form-data">
  <p><label for="invoice_number">Invoice number</label> <input id="invoice_number" name="invoice_number" required></p>
  <p><label>Customer name <input name="customer" type="text"></label></p>
  <p><label for="email">Email</label> <input id="email" name="email" type="email" placeholder="you@example.com"></p>
  <p><label for="total">Total amount</label> <input id="total" name="total" type="number" step="0.01"></p>
  <p><label for="invoice_date">Invoice date</label> <input id="invoice_date" name="invoice_date" type="date"></p>
  <p><label for="country">Country</label>
    <select id="country" name="country"><option value="">Choose…</option><option value="de">Germany</option><option value="fr">France</option><option value="us">United States</option></select></p>
  <fieldset><legend>Payment method</legend>
    <label><input type="radio" name="payment" value="card"> Card</label>
    <label><input type="radio" name="payment" value="transfer"> Bank transfer</label>
  </fieldset>
  <p><label><input type="checkbox" name="terms" value="yes"> I accept the terms</label></p>
  <p><label for="notes">Notes</label> <textarea id="notes" name="notes"></textarea></p>
  <p><label for="attachment">Attachment</label> <input id="attachment" name="attachment" type="file"></p>
  <p><input name="po_number" aria-label="Purchase order"></p>
  <p><shadow-field></shadow-field></p>
  <p><button type="submit">Send invoice</button></p>
</form>
<iframe src="/frame" title="Reference frame" width="400" height="80"></iframe>
<script>
customElements.define("shadow-field", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = '<label for="sc">Shadow code</label> <input id="sc" name="shadow_code">';
    // A shadow field is not part of the outer form: copy its value into a hidden one on submit.
    const hidden = document.createElement("input");
    hidden.type = "hidden"; hidden.name = "shadow_code";
    document.getElementById("intake").append(hidden);
    document.getElementById("intake").addEventListener("submit", () => { hidden.value = root.getElementById("sc").value; });
  }
});
</script>
</body></html>`;

const FRAME_PAGE = `<!doctype html><html><body><label for="ref">Reference</label> <input id="ref" name="reference"></body></html>`;

const TABLE_PAGE = `<!doctype html><html><head><title>Price list</title><style>table{border-collapse:collapse}td,th{border:1px solid #000;padding:4px 12px}</style></head>
<body><h1>Price list 2026</h1><p>Prices valid from January.</p>
<table><thead><tr><th>Item</th><th>Quantity</th><th>Price</th></tr></thead>
<tbody><tr><td>Widget</td><td>4</td><td>12.50</td></tr><tr><td>Gadget</td><td>2</td><td>40.00</td></tr><tr><td>Doohickey</td><td>7</td><td>3.25</td></tr></tbody></table>
</body></html>`;

const THANKS_PAGE = `<!doctype html><html><head><title>Received</title></head><body><h1>Thank you, invoice received</h1></body></html>`;

/** Starts the site; `secretOrigin` is where the guard pages point (a second origin the guard must refuse). */
export async function startFormSite(options: { secretOrigin?: string } = {}): Promise<FormSite> {
  const posts: ReceivedPost[] = [];
  const secretHits: string[] = [];
  let origin = "";

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://site.local");
    const secret = `${options.secretOrigin ?? origin}/secret`;
    const html = (body: string, status = 200) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
    switch (url.pathname) {
      case "/form":
        return html(FORM_PAGE);
      case "/frame":
        return html(FRAME_PAGE);
      case "/table":
        return html(TABLE_PAGE);
      case "/redirect":
        return res.writeHead(302, { location: "/form" }).end();
      case "/submit":
        if (req.method !== "POST") return html("POST only", 405);
        posts.push(await readPost(req, origin));
        return html(THANKS_PAGE);
      case "/secret":
        secretHits.push(`${req.method} ${req.url}`);
        return html("<title>Secret</title>secret");
      case "/guard-redirect":
        return res.writeHead(302, { location: secret }).end();
      case "/guard-frame":
        return html(`<title>Frame</title><iframe src="${secret}"></iframe>`);
      case "/guard-fetch":
        return html(
          `<title>Fetch</title><script>fetch(${JSON.stringify(secret)}).then(() => document.title = "fetched", () => document.title = "blocked")</script>`,
        );
      case "/cross-frame":
        // localhost and 127.0.0.1 are different sites: Chromium runs this frame in its own process.
        return html(
          `<title>Cross-origin</title><iframe src="http://localhost:${new URL(origin).port}/frame"></iframe>`,
        );
      case "/popups":
        return html(`<title>Popups</title><script>for (let i = 0; i < 100; i++) window.open("/form")</script>`);
      case "/download":
        return res
          .writeHead(200, {
            "content-type": "application/octet-stream",
            "content-disposition": 'attachment; filename="x.bin"',
          })
          .end("binary");
      default:
        return html("Not found", 404);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    posts,
    secretHits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readPost(req: http.IncomingMessage, origin: string): Promise<ReceivedPost> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const request = new Request(`${origin}/submit`, {
    method: "POST",
    headers: { "content-type": req.headers["content-type"] ?? "" },
    body: Buffer.concat(chunks),
  });
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: ReceivedPost["files"] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (value.size > 0) files.push({ field: name, name: value.name, size: value.size });
  }
  return { path: "/submit", fields, files };
}
