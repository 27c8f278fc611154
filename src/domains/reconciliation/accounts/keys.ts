// The accounts reconciliation knows (accountKey: bank:<19xx>, receivables, payables, skattekonto,
// vat, preliminary_tax, employer_contributions), their names, and the state each is read into.
import { ApiError } from "../../../errors/api-error";
import type { BankReconciliation, BridgeLine } from "../bank/rules";

export type Kind =
  | "bank"
  | "receivables"
  | "payables"
  | "skattekonto"
  | "vat"
  | "preliminary_tax"
  | "employer_contributions";

export interface AccountKey {
  key: string;
  kind: Kind;
  account: string;
}

/** The keys other than bank:<19xx>, each its kind and account. */
const FIXED_KEYS: Record<string, string> = {
  receivables: "1510",
  payables: "2440",
  skattekonto: "1630",
  vat: "2650",
  preliminary_tax: "2710",
  employer_contributions: "2731",
};

/**
 * `bank:<19xx>`, `receivables` (1510), `payables` (2440), `skattekonto` (1630), `vat` (2650),
 * `preliminary_tax` (2710), `employer_contributions` (2731).
 */
export function parseAccountKey(key: string): AccountKey {
  const bank = /^bank:(19\d\d)$/.exec(key);
  if (bank) return { key, kind: "bank", account: bank[1] };
  if (Object.hasOwn(FIXED_KEYS, key)) return { key, kind: key as Kind, account: FIXED_KEYS[key] };
  throw new ApiError(
    "NOT_FOUND",
    { account_key: key },
    "No reconciliation account has this key (bank:<19xx>, receivables, payables, skattekonto, vat, preliminary_tax, employer_contributions).",
  );
}

/** Kinds whose items are outside rows against ledger lines (links, proposals, the items list). */
export const hasItems = (k: AccountKey) => k.kind === "bank" || k.kind === "skattekonto";

/** One account's computed state through a date: figures, bridge, items (bank only), and the fingerprint of the books behind them. */
export interface AccountState {
  key: AccountKey;
  from: string;
  to: string;
  externalBalanceOre: number | null;
  ledgerBalanceOre: number;
  bridge: BridgeLine[];
  recon: BankReconciliation | null;
  /** counts of the kinds without items (vat, payroll liabilities) */
  counts?: BankReconciliation["counts"];
  source: { type: string; synced_at: string | null; stale: boolean } | null;
  kind: Record<string, unknown>;
  fingerprint: string;
  name: string;
}

const NAMES: Record<Exclude<Kind, "bank">, string> = {
  receivables: "Kundfordringar",
  payables: "Leverantörsskulder",
  skattekonto: "Skattekonto",
  vat: "Redovisningskonto för moms",
  preliminary_tax: "Personalens källskatt",
  employer_contributions: "Avräkning lagstadgade sociala avgifter",
};

export function accountName(key: AccountKey): string {
  return key.kind === "bank" ? `Bankkonto ${key.account}` : NAMES[key.kind];
}
