import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

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

// Custom dropdowns as component libraries draw them (a combobox whose options exist only while it is
// open, a standalone listbox), each feeding a hidden input, and a field in a closed shadow root.
const CUSTOM_PAGE = `<!doctype html><html><head><title>Custom controls</title></head><body>
<form id="custom" method="post" action="/submit" enctype="multipart/form-data">
  <p><label for="reference_number">Reference number</label> <input id="reference_number" name="reference_number"></p>
  <p><span id="currency-label">Currency</span>
    <span id="currency" role="combobox" tabindex="0" aria-labelledby="currency-label" aria-haspopup="listbox" aria-expanded="false" aria-controls="currency-list">Choose a currency</span>
    <ul id="currency-list" role="listbox" hidden></ul>
    <input type="hidden" name="currency"></p>
  <p><span id="size-label">Size</span></p>
  <div id="size" role="listbox" aria-labelledby="size-label">
    <div role="option" data-value="s" aria-selected="false">Small</div>
    <div role="option" data-value="m" aria-selected="false">Medium</div>
    <div role="option" data-value="l" aria-selected="false">Large</div>
  </div>
  <input type="hidden" name="size">
  <p><closed-field></closed-field></p>
  <p><button type="submit">Send</button></p>
</form>
<script>
const currency = document.getElementById("currency");
const list = document.getElementById("currency-list");
currency.addEventListener("click", () => {
  list.innerHTML = [["EUR", "Euro"], ["USD", "US Dollar"], ["GBP", "Pound sterling"]]
    .map(([code, name]) => '<li role="option" data-value="' + code + '">' + name + "</li>").join("");
  list.hidden = false;
  currency.setAttribute("aria-expanded", "true");
});
list.addEventListener("click", (event) => {
  const option = event.target.closest("[role=option]");
  if (!option) return;
  currency.textContent = option.textContent;
  document.querySelector("input[name=currency]").value = option.dataset.value;
  list.hidden = true;
  list.innerHTML = "";
  currency.setAttribute("aria-expanded", "false");
});
document.getElementById("size").addEventListener("click", (event) => {
  const option = event.target.closest("[role=option]");
  if (!option) return;
  for (const other of document.querySelectorAll("#size [role=option]")) other.setAttribute("aria-selected", String(other === option));
  document.querySelector("input[name=size]").value = option.dataset.value;
});
customElements.define("closed-field", class extends HTMLElement {
  connectedCallback() {
    this.attachShadow({ mode: "closed" }).innerHTML = '<label for="sc">Secret code</label> <input id="sc" name="secret_code">';
  }
});
</script>
</body></html>`;

const FRAME_PAGE = `<!doctype html><html><body><label for="ref">Reference</label> <input id="ref" name="reference"></body></html>`;

// A payment form whose amount is a plain text field and whose currency picker starts at EUR.
const PAYMENT_PAGE = `<!doctype html><html><head><title>Payment</title></head><body>
<form id="payment" method="post" action="/submit" enctype="multipart/form-data">
  <p><label for="invoice_number">Invoice number</label> <input id="invoice_number" name="invoice_number"></p>
  <p><label for="total">Total amount</label> <input id="total" name="total" type="text"></p>
  <p><label for="currency">Payment currency</label>
    <select id="currency" name="currency"><option value="EUR" selected>EUR – Euro</option><option value="USD">USD – US dollar</option><option value="GBP">GBP – Pound sterling</option></select></p>
  <p><label for="payer_phone">Payer phone</label> <input id="payer_phone" name="payer_phone" type="tel"></p>
  <p><button type="submit">Pay</button></p>
</form>
</body></html>`;

const TABLE_PAGE = `<!doctype html><html><head><title>Price list</title><style>table{border-collapse:collapse}td,th{border:1px solid #000;padding:4px 12px}</style></head>
<body><h1>Price list 2026</h1><p>Prices valid from January.</p>
<table><thead><tr><th>Item</th><th>Quantity</th><th>Price</th></tr></thead>
<tbody><tr><td>Widget</td><td>4</td><td>12.50</td></tr><tr><td>Gadget</td><td>2</td><td>40.00</td></tr><tr><td>Doohickey</td><td>7</td><td>3.25</td></tr></tbody></table>
</body></html>`;

const THANKS_PAGE = `<!doctype html><html><head><title>Received</title></head><body><h1>Thank you, invoice received</h1></body></html>`;

/** Bytes of /huge: more than a session may download by default (WEB_MAX_SESSION_BYTES, 50 MB). */
export const HUGE_PAGE_BYTES = 60 * 1024 * 1024;

// Gathers ICE candidates against a STUN server given in the query (?stun=127.0.0.1:port) and puts what it
// found in the title: a browser that sends UDP around the proxy would ask that server for its address.
const WEBRTC_PAGE = `<!doctype html><html><head><title>WebRTC</title></head><body><script>
const stun = new URLSearchParams(location.search).get("stun");
const peer = new RTCPeerConnection({ iceServers: [{ urls: "stun:" + stun }] });
const candidates = [];
peer.createDataChannel("probe");
peer.onicecandidate = (event) => {
  if (event.candidate) candidates.push(event.candidate.candidate);
  else document.title = "gathered " + JSON.stringify(candidates);
};
peer.createOffer().then((offer) => peer.setLocalDescription(offer));
</script></body></html>`;

function streamHugePage(res: http.ServerResponse, bytes: number): void {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  const chunk = Buffer.from(`<p>${"A large page. ".repeat(4_600)}</p>\n`);
  const chunks = function* () {
    for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
  };
  Readable.from(chunks()).pipe(res);
}

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
      case "/custom":
        return html(CUSTOM_PAGE);
      case "/payment":
        return html(PAYMENT_PAGE);
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
      case "/huge":
        return streamHugePage(res, HUGE_PAGE_BYTES);
      case "/never":
        // Headers and the start of a document, then nothing: the load event never fires.
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return void res.write("<!doctype html><html><head><title>Never</title></head><body><p>Loading");
      case "/busy":
        // Loads at once, then keeps the network busy for good: network idle never comes.
        return html(
          `<title>Busy</title><p>Busy</p><script>setInterval(() => fetch("/tick?" + Math.random()), 100)</script>`,
        );
      case "/tick":
        return html("tick");
      case "/webrtc":
        return html(WEBRTC_PAGE);
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
