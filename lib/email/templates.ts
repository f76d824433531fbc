import type { EmailMessage } from "./send-email";

// Plain text first: every client shows it, and links in it are easy to copy.

export function passwordResetEmail(to: string, link: string, validMinutes: number): EmailMessage {
  return {
    to,
    subject: "Reset your docsvc password",
    text: `Someone asked to reset the password of your docsvc account.\n\nSet a new password here (valid for ${validMinutes} minutes, once):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
  };
}

export function verificationCodeEmail(to: string, code: string, validMinutes: number): EmailMessage {
  return {
    to,
    subject: `Your docsvc verification code: ${code}`,
    text: `Your verification code is ${code}.\n\nEnter it in docsvc within ${validMinutes} minutes. If you did not ask for it, ignore this email.\n`,
  };
}

export function invitationEmail({
  to,
  inviter,
  link,
  expiresAt,
}: {
  to: string;
  inviter: string;
  link: string;
  expiresAt: Date;
}): EmailMessage {
  return {
    to,
    subject: `${inviter} invited you to docsvc`,
    text: `${inviter} invited you to docsvc.\n\nCreate your account here (valid until ${expiresAt.toUTCString()}, once):\n${link}\n`,
  };
}
