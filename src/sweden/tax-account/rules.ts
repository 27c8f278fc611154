// The skattekonto's transaction texts (Skatteverket's e-service "Skattekonto", the list of
// transactions) and the account each is booked against; the other side is always 1630
// "Avräkning för skatter och avgifter (skattekonto)". Account numbers and names: BAS 2026
// (shared/data/bas/BAS_kontoplan_2026.csv):
//   2650 Redovisningskonto för moms          the VAT charge or refund of a declared period
//   2731 Avräkning lagstadgade sociala avgifter   employer contributions declared in the AGI
//   2710 Personalskatt                       tax withheld from salaries, declared in the AGI
//   2518 Betald F-skatt                      preliminary tax (F-skatt / SA-skatt) debited
//   1930 Företagskonto                       payments in from the bank, payouts to it
//   8423 Räntekostnader för skatter och avgifter   cost interest, not deductible in the
//                                            tax return (the BAS account keeps it apart)
//   8314 Skattefria ränteintäkter            income interest, tax-free

export const TAX_ACCOUNT = "1630";

export const TAX_ACCOUNT_KINDS = [
  "vat",
  "employer_contributions",
  "withheld_tax",
  "preliminary_tax",
  "payment",
  "payout",
  "cost_interest",
  "income_interest",
  "other",
] as const;
export type TaxAccountKind = (typeof TAX_ACCOUNT_KINDS)[number];

/** The account each kind is booked against; `other` has none: the client names one. */
export const COUNTER_ACCOUNT: Record<TaxAccountKind, string | null> = {
  vat: "2650",
  employer_contributions: "2731",
  withheld_tax: "2710",
  preliminary_tax: "2518",
  payment: "1930",
  payout: "1930",
  cost_interest: "8423",
  income_interest: "8314",
  other: null,
};

/** Texts by their opening words, as the e-service writes them; the first rule that fits wins. */
const TEXT_RULES: { kind: TaxAccountKind; test: RegExp }[] = [
  { kind: "vat", test: /^moms\b/ },
  { kind: "employer_contributions", test: /^arbetsgivaravgift/ },
  { kind: "withheld_tax", test: /^avdragen skatt/ },
  { kind: "preliminary_tax", test: /(^|\s)(preliminärskatt|prel\.? skatt|f-skatt|särskild a-skatt)/ },
  { kind: "cost_interest", test: /kostnadsränta/ },
  { kind: "income_interest", test: /intäktsränta/ },
  { kind: "payment", test: /^inbetalning/ },
  { kind: "payout", test: /^utbetalning/ },
];

const MONTHS = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];

export interface TaxAccountClassification {
  kind: TaxAccountKind;
  counter_account: string | null;
  /** the month the charge is for ("Moms jan 2026" -> 2026-01), when the text names one */
  period: string | null;
}

/** The kind of a transaction text, its counter account, and the month it names. */
export function classifyTaxAccountText(text: string): TaxAccountClassification {
  const t = text.toLowerCase().replace(/\s+/g, " ").trim();
  const kind = TEXT_RULES.find((r) => r.test.test(t))?.kind ?? "other";
  return { kind, counter_account: COUNTER_ACCOUNT[kind], period: periodOf(t) };
}

/** "moms jan 2026" -> "2026-01"; the month as Skatteverket abbreviates it, then the year. */
function periodOf(t: string): string | null {
  const m = /\b(jan|feb|mar|apr|maj|jun|jul|aug|sep|okt|nov|dec)[a-zåäö]*\.? (\d{4})\b/.exec(t);
  if (!m) return null;
  return `${m[2]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, "0")}`;
}

export interface TaxAccountLine {
  account: string;
  debit: number;
  credit: number;
}

/**
 * The entry of one row, in öre: a row that credits the skattekonto (a payment in, income
 * interest, a refund) debits 1630; a row that debits it (a charge) credits 1630. The counter
 * account takes the other side.
 */
export function taxAccountEntryLines(amountOre: number, counterAccount: string): TaxAccountLine[] {
  const ore = Math.abs(amountOre);
  const intoAccount = amountOre > 0;
  return [
    { account: TAX_ACCOUNT, debit: intoAccount ? ore : 0, credit: intoAccount ? 0 : ore },
    { account: counterAccount, debit: intoAccount ? 0 : ore, credit: intoAccount ? ore : 0 },
  ];
}
