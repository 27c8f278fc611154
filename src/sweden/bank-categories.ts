// Category rules for bank transactions: which BAS account a bank row is booked to and
// how its VAT is treated, for the common cases of a Swedish small company. Pure
// functions, integer öre; the bank-transactions domain posts the lines.
//
// Sources
//   BAS-kontoplanen 2026 (shared/data/bas): the account numbers and names below.
//   Bank fees are exempt from VAT (mervärdesskattelagen 2023:200, 10 kap 36 §,
//     finansiella tjänster): 6570 Bankkostnader, no input VAT.
//   Office supplies carry 25 % VAT (ML 9 kap 1 §), deductible as input VAT (ML 13 kap).
//   Representation: input VAT is deductible on at most 300 kr excluding VAT per person
//     and occasion (Skatteverket, "Representation – moms": for a meal taxed at 12 % that
//     is at most 36 kr VAT per person); meals at representation are not deductible for
//     income tax since 2017 (IL 16 kap 2 §), hence 6072 Representation, ej avdragsgill.
//   Owner's withdrawals and deposits: a sole trader's (enskild firma) own account, BAS
//     2013 Övriga egna uttag / 2018 Övriga egna insättningar; a legal person has no
//     owner's account, so money to or from the owner is a receivable on (1685
//     Kortfristiga fordringar hos delägare eller närstående) or a debt to (2893 Skulder
//     till närstående personer) them.
//   Tax account (skattekontot) movements: 1630 Avräkning för skatter och avgifter.
//   Loan repayments: 2350 Andra långfristiga skulder till kreditinstitut.
//   Interest: 8410 Räntekostnader för långfristiga skulder, 8311 Ränteintäkter från bank.
import { luhnCheckDigit } from "./ocr";

export const VAT_TREATMENTS = ["none", "standard_25", "reduced_12", "reduced_6", "representation_12"] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

export const BANK_CATEGORIES = [
  "bank_fees",
  "office_supplies",
  "representation",
  "owner_withdrawal",
  "owner_deposit",
  "tax_account",
  "loan_repayment",
  "interest",
] as const;
export type BankCategory = (typeof BANK_CATEGORIES)[number];

export const INPUT_VAT_ACCOUNT = "2641";
/** Output VAT by rate, for an inflow booked to a revenue account (BAS 2611, 2621, 2631). */
const OUTPUT_VAT: Record<number, string> = { 2500: "2611", 1200: "2621", 600: "2631" };
/** Skatteverket: VAT on representation is deductible on at most 300 kr net per person; at 12 % that is 36 kr. */
export const REPRESENTATION_VAT_CAP_ORE_PER_PERSON = 3_600;

/** Legal persons have no owner's equity account for private money. */
export function isSoleTraderLike(entityType: string): boolean {
  return entityType === "enskild_firma" || entityType === "handelsbolag" || entityType === "kommanditbolag";
}

export interface CategoryRule {
  category: BankCategory;
  label_sv: string;
  /** the account for an outflow and for an inflow */
  account: (direction: "out" | "in", entityType: string) => string;
  vat: VatTreatment;
  /** the directions the category makes sense for */
  directions: ("out" | "in")[];
}

export const CATEGORY_RULES: Record<BankCategory, CategoryRule> = {
  bank_fees: {
    category: "bank_fees",
    label_sv: "Bankkostnader",
    account: () => "6570",
    vat: "none",
    directions: ["out", "in"],
  },
  office_supplies: {
    category: "office_supplies",
    label_sv: "Kontorsmaterial",
    account: () => "6110",
    vat: "standard_25",
    directions: ["out", "in"],
  },
  representation: {
    category: "representation",
    label_sv: "Representation (måltid)",
    account: () => "6072",
    vat: "representation_12",
    directions: ["out"],
  },
  owner_withdrawal: {
    category: "owner_withdrawal",
    label_sv: "Eget uttag",
    account: (_d, e) => (isSoleTraderLike(e) ? "2013" : "1685"),
    vat: "none",
    directions: ["out"],
  },
  owner_deposit: {
    category: "owner_deposit",
    label_sv: "Egen insättning",
    account: (_d, e) => (isSoleTraderLike(e) ? "2018" : "2893"),
    vat: "none",
    directions: ["in"],
  },
  tax_account: {
    category: "tax_account",
    label_sv: "Skattekontot",
    account: () => "1630",
    vat: "none",
    directions: ["out", "in"],
  },
  loan_repayment: {
    category: "loan_repayment",
    label_sv: "Amortering av lån",
    account: () => "2350",
    vat: "none",
    directions: ["out"],
  },
  interest: {
    category: "interest",
    label_sv: "Ränta",
    account: (d) => (d === "out" ? "8410" : "8311"),
    vat: "none",
    directions: ["out", "in"],
  },
};

/** The account a private (not business) row goes to: the owner's account by entity type. */
export function privateAccount(direction: "out" | "in", entityType: string): string {
  return CATEGORY_RULES[direction === "out" ? "owner_withdrawal" : "owner_deposit"].account(direction, entityType);
}

const RATE_BP: Record<VatTreatment, number> = {
  none: 0,
  standard_25: 2500,
  reduced_12: 1200,
  reduced_6: 600,
  representation_12: 1200,
};

/** VAT contained in a gross amount, rounded half away from zero, in integer arithmetic. */
export function vatInGross(grossOre: number, rateBp: number): number {
  if (rateBp === 0) return 0;
  const d = 10_000 + rateBp;
  const abs = Math.abs(grossOre);
  const vat = Math.floor((2 * abs * rateBp + d) / (2 * d));
  return grossOre < 0 ? -vat : vat;
}

export interface BookingLine {
  accountNumber: string;
  debitOre: number;
  creditOre: number;
  lineDescription: string | null;
}

function signedLine(account: string, ore: number, text: string | null): BookingLine[] {
  if (ore === 0) return [];
  return [{ accountNumber: account, debitOre: Math.max(ore, 0), creditOre: ore < 0 ? -ore : 0, lineDescription: text }];
}

export interface BookingRequest {
  /** SEK öre, signed as the bank shows it: positive money in, negative money out */
  amountSekOre: number;
  settlementAccount: string;
  account: string;
  vat: VatTreatment;
  text: string;
  /** representation: how many people took part (default 1) */
  persons?: number;
}

/**
 * The lines of a bank row booked to an account: the settlement account moves by the
 * amount, the counter account takes the rest net of VAT. VAT is input VAT (2641) unless
 * an inflow is booked to a revenue account (class 3), when it is output VAT.
 * Representation deducts at most 36 kr VAT per person; the rest stays on the cost.
 */
export function bookingLines(r: BookingRequest): BookingLine[] {
  const counter = -r.amountSekOre;
  const rateBp = RATE_BP[r.vat];
  let vat = vatInGross(counter, rateBp);
  if (r.vat === "representation_12") {
    const cap = REPRESENTATION_VAT_CAP_ORE_PER_PERSON * Math.max(1, r.persons ?? 1);
    if (Math.abs(vat) > cap) vat = Math.sign(vat) * cap;
  }
  const vatAccount =
    r.account.startsWith("3") && counter < 0 ? (OUTPUT_VAT[rateBp] ?? INPUT_VAT_ACCOUNT) : INPUT_VAT_ACCOUNT;
  return [
    ...signedLine(r.settlementAccount, r.amountSekOre, r.text),
    ...signedLine(r.account, counter - vat, r.text),
    ...signedLine(vatAccount, vat, r.text),
  ];
}

/** Words in a bank text that point to a category: whole words or phrases, with Swedish letters counted as letters. */
const words = (...w: string[]) => new RegExp(`(?<![\\p{L}\\d])(?:${w.join("|")})(?![\\p{L}\\d])`, "u");

const KEYWORDS: [BankCategory, RegExp][] = [
  [
    "bank_fees",
    words(
      "avgift",
      "bankavgift",
      "kontoavgift",
      "månadsavgift",
      "årsavgift",
      "prisavisering",
      "bgc-avgift",
      "pris företagspaket",
      "företagspaket",
      "bankpaket",
      "fee",
      "charges?",
    ),
  ],
  ["tax_account", words("skatteverket", "skattekonto", "skv", "skatt")],
  ["interest", words("ränta", "ranta", "räntor", "interest")],
  ["loan_repayment", words("amortering", "amort", "lån", "avbetalning")],
  ["office_supplies", words("kontorsmaterial", "staples", "office depot", "lyreco", "clas ohlson", "papper")],
  ["representation", words("restaurang", "restaurant", "krog", "lunch", "middag", "bistro", "café", "cafe")],
  ["owner_withdrawal", words("eget uttag", "privat", "uttag")],
  ["owner_deposit", words("egen insättning", "insättning ägare", "kapitaltillskott")],
];

/** Category rules that the text of a row points to, in the order above, respecting direction. */
export function categoriesFromText(text: string, direction: "out" | "in"): BankCategory[] {
  const t = text.toLowerCase();
  return KEYWORDS.filter(([c, re]) => re.test(t) && CATEGORY_RULES[c].directions.includes(direction)).map(([c]) => c);
}

/** The Luhn digit of Bankgirot's OCR check (src/sweden/ocr.ts), re-exported for the OCR matching below. */
export { luhnCheckDigit };

/**
 * The OCR reference of an invoice numbered `invoiceNumber` (F123 -> 1236): its digits
 * with a Luhn check digit, as Bankgirot's OCR check ("OCR-kontroll, checksiffra") reads it.
 */
export function invoiceOcr(invoiceNumber: string): string | null {
  const digits = invoiceNumber.replace(/\D/g, "");
  if (!digits) return null;
  return `${digits}${luhnCheckDigit(digits)}`;
}
