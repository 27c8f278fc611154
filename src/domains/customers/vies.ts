// The EU VAT registry (VIES) over its REST interface. Best effort by contract: an
// answer of "valid" or "invalid" is returned; a timeout, an outage or an unexpected
// answer gives null, and the caller stores vat_number_validated = false.
import type { Env } from "../../env";

export const DEFAULT_VIES_BASE_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";
const DEFAULT_TIMEOUT_MS = 5000;

/** "DE 123 456 789" -> { country: "DE", number: "123456789" } (Greece is EL in VIES). */
export function splitVatNumber(vat: string): { country: string; number: string } | null {
  const compact = vat.replace(/[\s.-]/g, "").toUpperCase();
  const m = /^([A-Z]{2})([0-9A-Z+*]{2,13})$/.exec(compact);
  return m ? { country: m[1], number: m[2] } : null;
}

export async function checkVatNumber(env: Env, vat: string): Promise<boolean | null> {
  const parts = splitVatNumber(vat);
  if (!parts) return false;
  const base = (env.VIES_BASE_URL ?? DEFAULT_VIES_BASE_URL).replace(/\/$/, "");
  const timeout = Number(env.VIES_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  try {
    const res = await fetch(`${base}/ms/${parts.country}/vat/${encodeURIComponent(parts.number)}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { isValid?: unknown };
    return typeof body.isValid === "boolean" ? body.isValid : null;
  } catch {
    return null;
  }
}
