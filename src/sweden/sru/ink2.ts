// The income-tax return of an aktiebolag as SRU fields (pure; öre in, whole kronor out):
// INK2 (the main form), INK2R (räkenskapsschema: balance sheet and income statement) and
// INK2S (skattemässiga justeringar).
//
// Sources:
// - Which BAS accounts make each INK2R field: BAS-kontogruppen, "Inkomstdeklaration 2,
//   kopplingstabell INK2_P1_intervall" 2024-11-19 (shared/data/bas/BAS_SRU_INK2_P1_intervall-
//   241119.csv; bas.se/kontoplaner/sru). Its ranges are read below as ordered rules, a narrower
//   range before the wider one that holds it. Rows split by the sign of their net ("Om netto
//   +" / "Om netto -": 3.2, 3.12-3.15, 3.21/3.22 for 8810, 3.23, 3.24) take the net of their
//   accounts and write it on the (+) field when it is income, else on the (-) field.
// - The field codes, their rows and printed signs: Skatteverket's fältnamnstabeller for INK2,
//   INK2R and INK2S (SKV 2002, package "Ändringar från och med 2025P4", Teknisk information om
//   filöverföring; read here as transcribed in PSLedger's Export-LedgerIncomeTaxReturn, PowerShell
//   Gallery, package PSLedger 1.0.0). An amount is written as the form prints it: the row's sign
//   carries the direction, so a cost, a deduction and a loss are positive; the balance sheet is
//   written as balances (assets debit, equity and liabilities credit).
// - The SIE export's #SRU takes its field per account from here too (sruFieldOf). An earlier
//   generated table skipped the kopplingstabell's forms "30xx-37xx", "151x–155x", "211x-213x",
//   "2360- 2372" and the "(Om netto ±)" rows, so 1510, 2120-2129, 30xx-47xx, 50xx-76xx and
//   others had no #SRU in the exported files; it is gone.
// - The VAT accounts 2610-2650 are written net (vat-balance.ts, with its sources): their net
//   credit on 2.48 (7369) with the other liabilities, their net debit, a claim on Skatteverket,
//   on 2.21 (7261 Övriga fordringar), as the annual report shows them. The kopplingstabell maps
//   2600-2859 to 7369 and is silent on a debit balance; the other 26xx-28xx accounts keep their
//   own balance on 7369.
// - BAS 40xx-47xx is mapped to both 3.5 (7511 Råvaror och förnödenheter) and 3.6 (7512
//   Handelsvaror): the company chooses; this writes them on 7511.
import { bookedResultOf, isStatisticalAccount } from "../bas";
import { isVatBalanceAccount, netVatDebitOre, vatPresentation } from "../vat-balance";
import { type SruField, amountFields, dateValue, wholeKronor } from "./files";

interface Movement {
  account: string;
  debitOre: number;
  creditOre: number;
}

/** A balance-sheet rule: the accounts from-to write their balance on `field`. */
interface BalanceRule {
  from: string;
  to: string;
  field: string;
  side: "debit" | "credit";
}

/** An income-statement rule: the net of its accounts goes to `plus` when income, else to `minus`. */
interface ResultRule {
  from: string;
  to: string;
  plus?: string;
  minus?: string;
}

const b = (from: string, to: string, field: string, side: "debit" | "credit"): BalanceRule => ({
  from,
  to,
  field,
  side,
});
const r = (from: string, to: string, plus?: string, minus?: string): ResultRule => ({ from, to, plus, minus });

/** INK2R 2.1-2.50 (BAS kopplingstabell; the narrower ranges first). */
const BALANCE_RULES: BalanceRule[] = [
  b("1088", "1088", "7202", "debit"),
  b("1000", "1099", "7201", "debit"),
  b("1120", "1129", "7216", "debit"),
  b("1180", "1189", "7217", "debit"),
  b("1100", "1199", "7214", "debit"),
  b("1280", "1289", "7217", "debit"),
  b("1200", "1299", "7215", "debit"),
  b("1310", "1319", "7230", "debit"),
  b("1320", "1329", "7232", "debit"),
  b("1336", "1337", "7233", "debit"),
  b("1330", "1339", "7231", "debit"),
  b("1346", "1347", "7235", "debit"),
  b("1340", "1349", "7232", "debit"),
  b("1350", "1359", "7233", "debit"),
  b("1360", "1369", "7234", "debit"),
  b("1370", "1389", "7235", "debit"),
  b("1410", "1429", "7241", "debit"),
  b("1440", "1449", "7242", "debit"),
  b("1450", "1469", "7243", "debit"),
  b("1470", "1479", "7245", "debit"),
  b("1480", "1489", "7246", "debit"),
  b("1490", "1499", "7244", "debit"),
  b("1573", "1573", "7261", "debit"),
  b("1560", "1579", "7252", "debit"),
  b("1510", "1559", "7251", "debit"),
  b("1580", "1589", "7251", "debit"),
  b("1620", "1629", "7262", "debit"),
  b("1673", "1673", "7261", "debit"),
  b("1660", "1679", "7252", "debit"),
  b("1610", "1699", "7261", "debit"),
  b("1700", "1799", "7263", "debit"),
  b("1860", "1869", "7270", "debit"),
  b("1800", "1899", "7271", "debit"),
  b("1900", "1999", "7281", "debit"),
  b("2080", "2089", "7301", "credit"),
  b("2090", "2099", "7302", "credit"),
  b("2110", "2139", "7321", "credit"),
  b("2150", "2159", "7322", "credit"),
  b("2160", "2199", "7323", "credit"),
  b("2210", "2219", "7331", "credit"),
  b("2230", "2239", "7332", "credit"),
  b("2220", "2299", "7333", "credit"),
  b("2310", "2329", "7350", "credit"),
  b("2330", "2339", "7351", "credit"),
  b("2340", "2359", "7352", "credit"),
  b("2373", "2373", "7354", "credit"),
  b("2360", "2379", "7353", "credit"),
  b("2380", "2399", "7354", "credit"),
  b("2410", "2419", "7361", "credit"),
  b("2420", "2429", "7362", "credit"),
  b("2430", "2439", "7363", "credit"),
  b("2440", "2449", "7365", "credit"),
  b("2450", "2459", "7364", "credit"),
  b("2473", "2473", "7369", "credit"),
  b("2460", "2479", "7367", "credit"),
  b("2480", "2489", "7360", "credit"),
  b("2492", "2492", "7366", "credit"),
  b("2490", "2499", "7369", "credit"),
  b("2500", "2599", "7368", "credit"),
  b("2874", "2879", "7367", "credit"),
  b("2600", "2899", "7369", "credit"),
  b("2900", "2999", "7370", "credit"),
];

/** INK2R 3.1-3.25 (BAS kopplingstabell; the narrower ranges first). 899x is the result itself. */
const RESULT_RULES: ResultRule[] = [
  r("3000", "3799", "7410"),
  r("3800", "3899", "7412"),
  r("3900", "3999", "7413"),
  r("4910", "4920", undefined, "7511"),
  r("4960", "4969", undefined, "7512"),
  r("4980", "4989", undefined, "7512"),
  r("4900", "4999", "7411", "7510"),
  r("4000", "4799", undefined, "7511"),
  r("5000", "6999", undefined, "7513"),
  r("7000", "7699", undefined, "7514"),
  r("7740", "7749", undefined, "7516"),
  r("7790", "7799", undefined, "7516"),
  r("7700", "7899", undefined, "7515"),
  r("7900", "7999", undefined, "7517"),
  r("8070", "8089", undefined, "7521"),
  r("8000", "8099", "7414", "7518"),
  r("8113", "8113", "7423", "7530"),
  r("8118", "8118", "7423", "7530"),
  r("8123", "8123", "7423", "7530"),
  r("8133", "8133", "7423", "7530"),
  r("8170", "8189", undefined, "7521"),
  r("8100", "8199", "7415", "7519"),
  r("8270", "8289", undefined, "7521"),
  r("8200", "8299", "7416", "7520"),
  r("8370", "8389", undefined, "7521"),
  r("8300", "8399", "7417"),
  r("8400", "8499", undefined, "7522"),
  r("8810", "8810", "7420", "7525"),
  r("8811", "8811", undefined, "7525"),
  r("8819", "8819", "7420"),
  r("8820", "8829", "7419"),
  r("8830", "8839", undefined, "7524"),
  r("8840", "8849", undefined, "7527"),
  r("8850", "8859", "7421", "7526"),
  r("8860", "8899", "7422", "7527"),
  r("8900", "8989", undefined, "7528"),
];

/** The income-statement fields printed with "+" (income); every other 74xx-75xx field is printed "-". */
const PLUS_FIELDS = new Set([
  "7410",
  "7411",
  "7412",
  "7413",
  "7414",
  "7415",
  "7423",
  "7416",
  "7417",
  "7419",
  "7420",
  "7421",
  "7422",
]);

/** INK2R's field order: the form's rows 2.1-3.27. */
export const INK2R_ORDER = [
  ...new Set([...BALANCE_RULES.map((x) => x.field)].sort((a, c) => a.localeCompare(c))),
  ...[
    "7410",
    "7411",
    "7510",
    "7412",
    "7413",
    "7511",
    "7512",
    "7513",
    "7514",
    "7515",
    "7516",
    "7517",
    "7414",
    "7518",
    "7415",
    "7519",
    "7423",
    "7530",
    "7416",
    "7520",
    "7417",
    "7521",
    "7522",
    "7524",
    "7419",
    "7420",
    "7525",
    "7421",
    "7526",
    "7422",
    "7527",
    "7528",
    "7450",
    "7550",
  ],
];

const within = (account: string, x: { from: string; to: string }) => account >= x.from && account <= x.to;

export function balanceRuleOf(account: string): BalanceRule | null {
  return BALANCE_RULES.find((x) => within(account, x)) ?? null;
}

export function resultRuleOf(account: string): ResultRule | null {
  return RESULT_RULES.find((x) => within(account, x)) ?? null;
}

/**
 * The one INK2R field an account belongs to, as SIE's `#SRU` names it per account: its
 * balance-sheet field, or its income-statement row's (+) field ((-) for a row that has
 * none), since a paired row is decided by the sign of the year's net, not the account's.
 * Null for the closing accounts 8990-8999 and anything the table does not map.
 */
export function sruFieldOf(account: string): string | null {
  if (account >= "8990" && account <= "8999") return null;
  const balance = balanceRuleOf(account);
  if (balance) return balance.field;
  const result = resultRuleOf(account);
  return result?.plus ?? result?.minus ?? null;
}

export interface Ink2rFigures {
  /** field code -> öre, before whole kronor */
  ore: Map<string, number>;
  /** accounts with a balance no rule takes (none for BAS 1000-8989) */
  unmapped: string[];
}

const add = (m: Map<string, number>, code: string, ore: number) => m.set(code, (m.get(code) ?? 0) + ore);

/** INK2R 2.21 Övriga fordringar and 2.48 Övriga skulder: where the net VAT goes (vat-balance.ts). */
const VAT_CLAIM_FIELD = "7261";
const VAT_LIABILITY_FIELD = "7369";

/** Writes the VAT accounts' net on one field: a claim on 7261, a liability on 7369. */
function addNetVat(ore: Map<string, number>, net: Map<string, number>) {
  const vat = vatPresentation(netVatDebitOre(net));
  if (vat) add(ore, vat.side === "receivable" ? VAT_CLAIM_FIELD : VAT_LIABILITY_FIELD, vat.ore);
}

/**
 * The räkenskapsschema in öre from the year's movements (the opening entry included, so a
 * balance account's net is its closing balance). The VAT accounts are written net, on 7261
 * or 7369 by the sign of their sum (vat-balance.ts). The year's result not yet booked to 2099
 * (before the closing entry) is part of free equity (2.28), so the balance sheet balances.
 */
export function ink2rFigures(movements: Movement[]): Ink2rFigures {
  const ore = new Map<string, number>();
  const unmapped: string[] = [];
  const net = new Map<string, number>();
  for (const m of movements) net.set(m.account, (net.get(m.account) ?? 0) + m.debitOre - m.creditOre);
  // a paired row's net is taken over all its accounts, then written on one side
  const pairs = new Map<string, { rule: ResultRule; income: number }>();
  for (const [account, debit] of [...net].sort(([a], [c]) => a.localeCompare(c))) {
    // class 0 (statistics) is no figure of the räkenskapsschema (bas.ts isStatisticalAccount)
    if (debit === 0 || (account >= "8990" && account <= "8999") || isVatBalanceAccount(account)) continue;
    if (isStatisticalAccount(account)) continue;
    const balance = balanceRuleOf(account);
    if (balance) {
      add(ore, balance.field, balance.side === "debit" ? debit : -debit);
      continue;
    }
    const rule = resultRuleOf(account);
    if (!rule) {
      unmapped.push(account);
      continue;
    }
    const key = `${rule.plus}|${rule.minus}`;
    pairs.set(key, { rule, income: (pairs.get(key)?.income ?? 0) - debit });
  }
  addNetVat(ore, net);
  for (const { rule, income } of pairs.values()) {
    if (rule.plus && (income >= 0 || !rule.minus)) add(ore, rule.plus, income);
    else if (rule.minus) add(ore, rule.minus, -income);
  }
  const { unbookedOre } = bookedResultOf(movements);
  if (unbookedOre !== 0) add(ore, "7302", unbookedOre);
  return { ore, unmapped };
}

/** The year's result as INK2R 3.26/3.27 write it: the sum of the written income-statement fields. */
export function resultOfFields(kronor: Map<string, number>): number {
  let result = 0;
  for (const [code, kr] of kronor) {
    if (code < "7400" || code > "7599" || code === "7450" || code === "7550") continue;
    result += PLUS_FIELDS.has(code) ? kr : -kr;
  }
  return result;
}

/** INK2R's fields in whole kronor, with 3.26/3.27 (årets resultat) and the year's dates. */
export function ink2rFields(figures: Ink2rFigures, periodStart: string, periodEnd: string) {
  const kronor = new Map<string, number>();
  for (const [code, ore] of figures.ore) kronor.set(code, wholeKronor(ore));
  const result = resultOfFields(kronor);
  kronor.set(result >= 0 ? "7450" : "7550", Math.abs(result));
  const fields: SruField[] = [
    { code: "7011", value: dateValue(periodStart) },
    { code: "7012", value: dateValue(periodEnd) },
    ...amountFields(INK2R_ORDER.map((code) => [code, kronor.get(code) ?? 0])),
  ];
  return { fields, kronor, result };
}

/** What INK2S takes from the stored tax calculation, in öre (docs/tax.md). */
export interface TaxFigures {
  /** 6072, 6982, 8423, ...: booked costs not deductible */
  nonDeductibleOre: number;
  /** 8314, 8254: booked income not taxed (positive) */
  taxFreeOre: number;
  schablonintaktOre: number;
  previousYearLossOre: number;
}

/**
 * INK2S: 4.1/4.2 the booked result (INK2R 3.26/3.27), 4.3a the booked tax (INK2R 3.25),
 * 4.3c the other non-deductible costs, 4.5c the tax-free income, 4.6a the schablonintäkt,
 * 4.14a last year's loss, and 4.15/4.16 the surplus or deficit as their sum, so the form
 * adds up in whole kronor.
 */
export function ink2sFields(
  bookedResult: number,
  bookedTax: number,
  tax: TaxFigures,
  periodStart: string,
  periodEnd: string,
) {
  const nonDeductible = wholeKronor(tax.nonDeductibleOre);
  const taxFree = wholeKronor(tax.taxFreeOre);
  const schablon = wholeKronor(tax.schablonintaktOre);
  const loss = wholeKronor(tax.previousYearLossOre);
  const surplus = bookedResult + bookedTax + nonDeductible - taxFree + schablon - loss;
  const fields: SruField[] = [
    { code: "7011", value: dateValue(periodStart) },
    { code: "7012", value: dateValue(periodEnd) },
    ...amountFields([
      ["7650", Math.max(bookedResult, 0)],
      ["7750", Math.max(-bookedResult, 0)],
      ["7651", bookedTax],
      ["7653", nonDeductible],
      ["7754", taxFree],
      ["7654", schablon],
      ["7763", loss],
      ["7670", Math.max(surplus, 0)],
      ["7770", Math.max(-surplus, 0)],
    ]),
  ];
  return { fields, surplus };
}

/** INK2's main form: the year's dates and 1.1 överskott (7104) or 1.2 underskott (7114) from INK2S 4.15/4.16. */
export function ink2Fields(surplus: number, periodStart: string, periodEnd: string): SruField[] {
  return [
    { code: "7011", value: dateValue(periodStart) },
    { code: "7012", value: dateValue(periodEnd) },
    ...amountFields([
      ["7104", Math.max(surplus, 0)],
      ["7114", Math.max(-surplus, 0)],
    ]),
  ];
}
