import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface Outgoing {
  from: string;
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  messageId: string;
  attachment?: { filename: string; content: Buffer };
  /** An automatic answer (the visitor's confirmation): marked so that mail systems do not reply to it (RFC 3834). */
  autoReply?: boolean;
}

/** Sends one mail and resolves with the server's answer, or rejects with nodemailer's error. */
export async function sendMail(options: SMTPTransport.Options, mail: Outgoing): Promise<string> {
  const transport = nodemailer.createTransport(options);
  try {
    const info = await transport.sendMail({
      from: mail.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      ...(mail.autoReply ? { headers: { 'Auto-Submitted': 'auto-replied' } } : {}),
      attachments: mail.attachment
        ? [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' }]
        : [],
    });
    return info.response;
  } finally {
    transport.close();
  }
}

export interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/**
 * Whether to stop trying (the reason staff see comes from failures.ts, never the server's text).
 * Permanent: the server refused for good (5xx) or the credentials are wrong; sending again
 * unchanged cannot succeed. Everything else (network, timeouts, 4xx) may pass later.
 */
export function isPermanent(err: SmtpError): boolean {
  if (err.code === 'EAUTH' || err.code === 'ENOAUTH') return true;
  if (typeof err.responseCode === 'number') return err.responseCode >= 500;
  // A message nodemailer cannot build or address will not get better by waiting.
  return err.code === 'EENVELOPE' || err.code === 'EMESSAGE';
}
