// The balance sheet and income statement laid out by BAS account ranges, following the
// headings of the K2/K3 schedules (ÅRL bilaga 2 and 3, kostnadsslagsindelad
// resultaträkning) as BAS maps them onto account groups. Which accounts belong in which
// statement is bas.ts's classification; this file only orders them under headings, and
// test/unit/report-layout.test.ts checks that every account lands under exactly one.
import { isVatBalanceAccount, vatPresentation } from "./vat-balance";

export interface Section {
  key: string;
  name: string;
  /** inclusive account ranges, as four-digit strings */
  ranges: [string, string][];
}

export const BALANCE_ASSETS: Section[] = [
  { key: "intangible_assets", name: "Immateriella anläggningstillgångar", ranges: [["1000", "1099"]] },
  { key: "tangible_assets", name: "Materiella anläggningstillgångar", ranges: [["1100", "1299"]] },
  { key: "financial_assets", name: "Finansiella anläggningstillgångar", ranges: [["1300", "1399"]] },
  { key: "inventories", name: "Varulager m.m.", ranges: [["1400", "1499"]] },
  { key: "current_receivables", name: "Kortfristiga fordringar", ranges: [["1500", "1799"]] },
  { key: "short_term_investments", name: "Kortfristiga placeringar", ranges: [["1800", "1899"]] },
  { key: "cash_and_bank", name: "Kassa och bank", ranges: [["1900", "1999"]] },
];

export const BALANCE_EQUITY_LIABILITIES: Section[] = [
  { key: "equity", name: "Eget kapital", ranges: [["2000", "2099"]] },
  { key: "untaxed_reserves", name: "Obeskattade reserver", ranges: [["2100", "2199"]] },
  { key: "provisions", name: "Avsättningar", ranges: [["2200", "2299"]] },
  { key: "long_term_liabilities", name: "Långfristiga skulder", ranges: [["2300", "2399"]] },
  { key: "current_liabilities", name: "Kortfristiga skulder", ranges: [["2400", "2999"]] },
];

export const INCOME_SECTIONS: Section[] = [
  { key: "net_sales", name: "Nettoomsättning", ranges: [["3000", "3799"]] },
  { key: "other_operating_income", name: "Övriga rörelseintäkter", ranges: [["3800", "3999"]] },
  { key: "goods_and_materials", name: "Råvaror, handelsvaror och tjänster", ranges: [["4000", "4999"]] },
  { key: "other_external_costs", name: "Övriga externa kostnader", ranges: [["5000", "6999"]] },
  { key: "personnel_costs", name: "Personalkostnader", ranges: [["7000", "7699"]] },
  { key: "depreciation", name: "Av- och nedskrivningar", ranges: [["7700", "7899"]] },
  { key: "other_operating_costs", name: "Övriga rörelsekostnader", ranges: [["7900", "7999"]] },
  // 80-84 are ÅRL bilaga 2 items 11-17; 85-87 are BAS's free groups in the same class
  // ("Finansiella och andra intäkter och kostnader"), shown here so that no result account
  // falls outside the statement.
  { key: "financial_items", name: "Finansiella poster", ranges: [["8000", "8799"]] },
  { key: "appropriations", name: "Bokslutsdispositioner", ranges: [["8800", "8899"]] },
  // 8990-8999 close the year to equity (bas.ts isClosingAccount): not a line of the statement
  { key: "tax", name: "Skatt på årets resultat", ranges: [["8900", "8989"]] },
];

/** Sections before "Rörelseresultat" and those that make up the gross margin. */
export const OPERATING_KEYS = [
  "net_sales",
  "other_operating_income",
  "goods_and_materials",
  "other_external_costs",
  "personnel_costs",
  "depreciation",
  "other_operating_costs",
];
export const GROSS_MARGIN_KEYS = ["net_sales", "other_operating_income", "goods_and_materials"];

export function sectionOf(sections: Section[], account: string): Section | undefined {
  return sections.find((s) => s.ranges.some(([a, b]) => account >= a && account <= b));
}

// ---- the printed statements (the PDFs): how the sections group under the headings ----

/**
 * A balance sheet's asset side in the order of ÅRL bilaga 2 (Balansräkning, "Tillgångar"):
 * B Anläggningstillgångar (I immateriella, II materiella, III finansiella) and
 * C Omsättningstillgångar (I varulager, II kortfristiga fordringar, III kortfristiga
 * placeringar, IV kassa och bank), each with its subtotal.
 */
export const BALANCE_ASSET_GROUPS: { key: string; name: string; sections: string[] }[] = [
  {
    key: "fixed_assets",
    name: "Anläggningstillgångar",
    sections: ["intangible_assets", "tangible_assets", "financial_assets"],
  },
  {
    key: "current_assets",
    name: "Omsättningstillgångar",
    sections: ["inventories", "current_receivables", "short_term_investments", "cash_and_bank"],
  },
];

/**
 * The balance-sheet section an account's balance is shown under, and on which side. The VAT
 * accounts (2610-2650) are shown net (vat-balance.ts): all of them stand on the side of
 * their sum, `vatNetDebitOre` (debit positive): among the current receivables when it is a
 * claim on Skatteverket (ÅRL bilaga 2 "Övriga fordringar"), among the current liabilities
 * otherwise, so the section's total holds the net and the two sides never both carry VAT.
 */
export function balanceSectionOf(
  account: string,
  isAsset: boolean,
  vatNetDebitOre: number,
): { side: "assets" | "equity_and_liabilities"; section: Section | undefined } {
  if (isAsset) return { side: "assets", section: sectionOf(BALANCE_ASSETS, account) };
  if (isVatBalanceAccount(account) && vatPresentation(vatNetDebitOre)?.side === "receivable")
    return { side: "assets", section: BALANCE_ASSETS.find((s) => s.key === "current_receivables") };
  return { side: "equity_and_liabilities", section: sectionOf(BALANCE_EQUITY_LIABILITIES, account) };
}

/**
 * The income statement's steps (kostnadsslagsindelad resultaträkning, ÅRL bilaga 2):
 * each group of sections has its subtotal, and after it the running result line that
 * the schedule names ("Rörelseresultat", "Resultat efter finansiella poster", ...).
 */
export const INCOME_STATEMENT_STEPS: {
  key: string;
  name: string | null;
  sections: string[];
  sum: string | null;
  result: string | null;
}[] = [
  {
    key: "operating_income",
    name: "Rörelseintäkter",
    sections: ["net_sales", "other_operating_income"],
    sum: "Summa rörelseintäkter",
    result: null,
  },
  {
    key: "operating_costs",
    name: "Rörelsekostnader",
    sections: [
      "goods_and_materials",
      "other_external_costs",
      "personnel_costs",
      "depreciation",
      "other_operating_costs",
    ],
    sum: "Summa rörelsekostnader",
    result: "Rörelseresultat",
  },
  {
    key: "financial",
    name: null,
    sections: ["financial_items"],
    sum: null,
    result: "Resultat efter finansiella poster",
  },
  { key: "appropriations", name: null, sections: ["appropriations"], sum: null, result: "Resultat före skatt" },
  { key: "tax", name: null, sections: ["tax"], sum: null, result: "Årets resultat" },
];

// ---- the comparative column and the K2 lines of equity and current liabilities ----

/**
 * Eget kapital of an aktiebolag as ÅRL bilaga 2 splits it (K2, BFNAR 2016:10): bundet eget
 * kapital (aktiekapital 2081-2082, uppskrivningsfond 2085, reservfond 2086, bunden
 * överkursfond 2087, fond för utvecklingsutgifter 2089: BAS group 208) and fritt eget
 * kapital (balanserat resultat 2091/2098, erhållna aktieägartillskott 2093, fri
 * överkursfond 2097, årets resultat 2099: BAS group 209). The same split as the INK2
 * balance-sheet fields 2.27 (7301, 2080-2089) and 2.28 (7302, 2090-2099) in sru/ink2.ts.
 * Other entity types keep one "Eget kapital" heading: the split is ABL's (aktiebolagslagen).
 */
export const EQUITY_LINES_AKTIEBOLAG: Section[] = [
  { key: "restricted_equity", name: "Bundet eget kapital", ranges: [["2080", "2089"]] },
  { key: "unrestricted_equity", name: "Fritt eget kapital", ranges: [["2090", "2099"]] },
];

/**
 * Kortfristiga skulder by the lines of ÅRL bilaga 2 (K2), with the BAS account ranges of
 * BAS's INK2 mapping (sru/ink2.ts, fields 2.38-2.50): every account of 2400-2899 not named
 * by another line is "Övriga kortfristiga skulder" (2.48/7369: VAT, payroll withholdings,
 * other liabilities); 2900-2999 are "Upplupna kostnader och förutbetalda intäkter" (7370).
 * The order is the schedule's; the catch-all comes after the named lines so that
 * `sectionOf` (first match) finds a named line first.
 */
export const CURRENT_LIABILITY_LINES: Section[] = [
  { key: "overdraft", name: "Checkräkningskredit", ranges: [["2480", "2489"]] },
  { key: "credit_institutions", name: "Övriga skulder till kreditinstitut", ranges: [["2410", "2419"]] },
  { key: "customer_advances", name: "Förskott från kunder", ranges: [["2420", "2429"]] },
  { key: "work_in_progress", name: "Pågående arbeten för annans räkning", ranges: [["2430", "2439"]] },
  { key: "invoiced_not_earned", name: "Fakturerad men ej upparbetad intäkt", ranges: [["2450", "2459"]] },
  { key: "trade_payables", name: "Leverantörsskulder", ranges: [["2440", "2449"]] },
  { key: "bills_payable", name: "Växelskulder", ranges: [["2492", "2492"]] },
  {
    key: "group_liabilities",
    name: "Skulder till koncern-, intresse- och gemensamt styrda företag",
    ranges: [
      ["2460", "2472"],
      ["2474", "2479"],
      ["2874", "2879"],
    ],
  },
  { key: "tax_liabilities", name: "Skatteskulder", ranges: [["2500", "2599"]] },
  { key: "other_current_liabilities", name: "Övriga kortfristiga skulder", ranges: [["2400", "2899"]] },
  { key: "accrued_expenses", name: "Upplupna kostnader och förutbetalda intäkter", ranges: [["2900", "2999"]] },
];

/**
 * The balance sheet's "Årets resultat (ej bokslutat)": the result of the result accounts
 * not yet carried to equity. After the year-end closing entry (8999 against 2099) the
 * result accounts net to zero and the result is on 2099 itself, so the line is shown only
 * while it holds something: a closed year prints no "ej bokslutat 0,00".
 */
export const showUnbookedResult = (unbookedOre: number): boolean => unbookedOre !== 0;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const parts = (d: string) => d.split("-").map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/**
 * The previous fiscal year's date that stands where `date` stands in this one (ÅRL 3 kap.
 * 5 § comparatives): as many whole months after the year's start, the same day of the
 * month (the last day when the month is shorter, and a month-end stays a month-end, so
 * 2024-02-29 and 2025-02-28 correspond); this year's last day is the previous year's last
 * day, and nothing goes past it (a short or long first year).
 */
export function sameRelativeDate(
  date: string,
  period: { start: string; end: string },
  previous: { start: string; end: string },
): string {
  if (date === period.end) return previous.end;
  const [y, m, d] = parts(date);
  const [sy, sm] = parts(period.start);
  const [py, pm] = parts(previous.start);
  const months = (y - sy) * 12 + (m - sm) + (pm - 1);
  const ty = py + Math.floor(months / 12);
  const tm = (months % 12) + 1;
  const day = d === daysIn(y, m) ? daysIn(ty, tm) : Math.min(d, daysIn(ty, tm));
  const target = iso(ty, tm, day);
  if (target < previous.start) return previous.start;
  // ISO dates compare as strings (Math.min would not)
  if (target > previous.end) return previous.end;
  return target;
}
