import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it arrived: headers and encoded body. */
  raw: string;
}

export interface LocalSmtpServer {
  port: number;
  /** Every message accepted, oldest first. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a random local port (no TLS, no auth), keeping every message it accepts. */
export function startSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}

/**
 * The text of a single-part message (what the app sends), undoing quoted-printable, which nodemailer
 * picks when a line (a long link) is over 76 characters.
 */
export function readMailText(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1].trim() ?? "";
  if (/multipart\//i.test(header("Content-Type"))) throw new Error("readMailText reads single-part messages only");
  const text = /quoted-printable/i.test(header("Content-Transfer-Encoding"))
    ? Buffer.from(
        body
          .replace(/=\r\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8")
    : body;
  return { subject: header("Subject"), text: text.replace(/\r\n/g, "\n") };
}
