export function verifyWebhook(args: {
  secret: string;
  signatureHeader: string | null | undefined;
  rawBody: string;
  toleranceSeconds?: number;
  now?: number;
}): Promise<
  | { ok: true; timestamp: number }
  | { ok: false; reason: "missing_header" | "malformed_header" | "too_old" | "from_the_future" | "bad_signature" }
>;
