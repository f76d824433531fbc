import nodemailer from "nodemailer";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type EmailDeliveryStatus = "sent" | "failed" | "logged";

let transport: { url: string; transporter: nodemailer.Transporter } | undefined;

function getTransport(url: string): nodemailer.Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * Records the message in the outbox, then delivers it over SMTP when SMTP_URL is set; without SMTP the
 * message is written to the server log (and the development outbox page lists it). A delivery failure
 * is recorded on the outbox row and logged, and returned: callers decide whether the user should know.
 */
export async function sendEmail(options: {
  db: Db;
  message: EmailMessage;
}): Promise<{ id: string; status: EmailDeliveryStatus }> {
  const { db, message } = options;
  const config = getConfig();
  const row = await db.emailOutbox.create({ data: { ...message, html: message.html ?? null, status: "pending" } });

  if (!config.SMTP_URL) {
    console.info(`[email] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    await db.emailOutbox.update({ where: { id: row.id }, data: { status: "logged" } });
    return { id: row.id, status: "logged" };
  }
  try {
    await getTransport(config.SMTP_URL).sendMail({ from: config.EMAIL_FROM, ...message });
    await db.emailOutbox.update({ where: { id: row.id }, data: { status: "sent", sentAt: new Date() } });
    return { id: row.id, status: "sent" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[email] delivery to ${message.to} failed: ${reason}`);
    await db.emailOutbox.update({ where: { id: row.id }, data: { status: "failed", error: reason.slice(0, 1000) } });
    return { id: row.id, status: "failed" };
  }
}
