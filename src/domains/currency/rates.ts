// Exchange rates from Sveriges Riksbank (the SWEA REST API): the SEK price of one
// unit of a currency on a banking day. A date without a fixing (weekend, holiday)
// takes the latest fixing of the seven days before it. Best effort: a timeout, an
// outage or an unknown currency gives null and the caller answers with its own
// documented code (SI_FX_RATE_MISSING, or null SEK fields on an invoice).
import type { Env } from "../../env";
import { addDays } from "../../sweden/fiscal-year";
import Big from "big.js";

export const DEFAULT_FX_RATES_BASE_URL = "https://api.riksbank.se/swea/v1";
const DEFAULT_TIMEOUT_MS = 5000;

export interface SekRate {
  currency: string;
  /** SEK per one unit, as a decimal string */
  rate: string;
  /** the fixing's own date (on or before the date asked for) */
  date: string;
}

export async function sekRate(env: Env, currency: string, date: string): Promise<SekRate | null> {
  if (currency === "SEK") return { currency, rate: "1", date };
  const base = (env.FX_RATES_BASE_URL ?? DEFAULT_FX_RATES_BASE_URL).replace(/\/$/, "");
  const timeout = Number(env.FX_RATES_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  try {
    const res = await fetch(`${base}/Observations/SEK${currency}PMI/${addDays(date, -7)}/${date}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) return null;
    const rows = (await res.json()) as { date?: unknown; value?: unknown }[];
    const last = Array.isArray(rows)
      ? rows
          .filter((r) => typeof r.date === "string" && r.date <= date && typeof r.value === "number" && r.value > 0)
          .sort((a, b) => String(a.date).localeCompare(String(b.date)))
          .pop()
      : undefined;
    if (!last) return null;
    return {
      currency,
      rate: new Big(String(last.value)).round(6, Big.roundHalfUp).toString(),
      date: last.date as string,
    };
  } catch {
    return null;
  }
}
