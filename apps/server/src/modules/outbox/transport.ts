import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export interface Outgoing {
  from: string;
  to: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  messageId: string;
  /** A CV (application/pdf, the default) or an interview's .ics (its own type). */
  attachment?: { filename: string; content: Buffer; contentType?: string };
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
        ? [
            {
              filename: mail.attachment.filename,
              content: mail.attachment.content,
              contentType: mail.attachment.contentType ?? 'application/pdf',
            },
          ]
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
