// Email through an HTTP mail API (JSON), configured by EMAIL_API_URL, EMAIL_API_TOKEN and
// EMAIL_FROM: invoices and reminders with their PDF, and sign-in links. Without configuration
// a caller refuses up front with its own code (INVOICE_SEND_EMAIL_NOT_CONFIGURED,
// SIGN_IN_EMAIL_NOT_CONFIGURED); a failure of the provider throws, and the caller decides
// (an invoice's send compensates its booking).
import type { Env } from "./env";

export interface Mail {
  to: string;
  fromName: string;
  replyTo: string | null;
  subject: string;
  text: string;
  attachment?: { fileName: string; bytes: Uint8Array };
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function emailConfigured(env: Env): boolean {
  return !!env.EMAIL_API_URL && !!env.EMAIL_FROM;
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export async function sendMail(env: Env, mail: Mail): Promise<void> {
  const res = await fetch(env.EMAIL_API_URL!, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(env.EMAIL_API_TOKEN ? { Authorization: `Bearer ${env.EMAIL_API_TOKEN}` } : {}),
    },
    body: JSON.stringify({
      from: { email: env.EMAIL_FROM, name: mail.fromName },
      to: [{ email: mail.to }],
      reply_to: mail.replyTo ? { email: mail.replyTo } : undefined,
      subject: mail.subject,
      text: mail.text,
      attachments: mail.attachment && [
        { filename: mail.attachment.fileName, content_type: "application/pdf", content: base64(mail.attachment.bytes) },
      ],
    }),
    signal: AbortSignal.timeout(Number(env.EMAIL_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
}
