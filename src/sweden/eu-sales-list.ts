// Periodisk sammanställning (the EU sales list, SKV 5740): per buyer's VAT number, the value in
// whole Swedish kronor of the goods sold VAT-free to a business in another EU country (momsdeklaration
// box 35), of the intermediary's sales in triangulation (box 38), and of the services sold under the
// main rule with the buyer liable for the VAT (box 39); and its upload file (SKV 574008). Pure.
//
// Sources:
// - The reporting period, Skatteverkets rättsliga vägledning "Periodisk sammanställning"
//   (https://www4.skatteverket.se/rattsligvagledning/edition/2025.1/325747.html): goods are
//   reported for each calendar month (35 kap. 3 § första stycket 1 SFL, art. 263 of the VAT
//   directive); Skatteverket decides on quarterly reporting of goods on request when the value of
//   the goods to report exceeds 500 000 kr excluding VAT neither in the current calendar quarter nor
//   in any of the four preceding ones (35 kap. 4 § SFL, art. 263.1 a). Services are reported for
//   each calendar quarter, or monthly by choice.
// - The file, "Lämna periodisk sammanställning med filöverföring"
//   (https://www.skatteverket.se/foretag/moms/deklareramoms/periodisksammanstallningforvarorochtjanster/
//   lamnaperiodisksammanstallningmedfiloverforing.4.7eada0316ed67d72822104.html, one address):
//   a semicolon-separated text file; line 1 `SKV574008;`; line 2 the reporter's 12-digit VAT number
//   (SE optional), the month code YYMM (2301) or quarter code YY-Q (23-1), the responsible person's
//   name (at most 35 characters), phone (digits, a hyphen after the area code, or + for a foreign
//   number; at most 17 characters) and an optional e-mail; then per buyer its VAT number with the
//   country prefix, the goods, triangulation and services values (at most 12 characters with a minus
//   sign), a column without sales left empty, a total of zero written 0, a credit as a negative value.
//   Skatteverket's example lines: `FI01409351;16400;;;` and `ESA28480514;3200;;15300;`.
// - The buyer's VAT number, Skatteverket's page "Periodisk sammanställning för varor och tjänster":
//   the two-letter country code followed by up to twelve characters 0-9 and A-Z, without hyphens,
//   dots or spaces. The per-country shape follows the European Commission's VIES list of VAT number
//   formats (Greece is EL).

import { neutraliseCsvText } from "../formats/csv-cell";
import { type Box, declarationBoxes } from "./vat-declaration";
import { countryOf, EU_COUNTRIES, type Party } from "./vat-treatment";

// ---------------------------------------------------------------------------
// The period

export interface EuSalesPeriod {
  kind: "month" | "quarter";
  /** as asked: 2026-03 or 2026-Q1 */
  label: string;
  from: string;
  to: string;
  /** the file's period code: YYMM for a month, YY-Q for a quarter */
  code: string;
}

const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, "0");

/** `2026-03` (a calendar month) or `2026-Q1` (a calendar quarter), or null when it is neither. */
export function parseEuSalesPeriod(text: string): EuSalesPeriod | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return {
      kind: "month",
      label: text,
      from: `${text}-01`,
      to: lastDayOfMonth(y, m),
      code: `${month[1].slice(2)}${month[2]}`,
    };
  }
  const quarter = /^(\d{4})-Q([1-4])$/.exec(text);
  if (!quarter) return null;
  const [y, q] = [Number(quarter[1]), Number(quarter[2])];
  const first = (q - 1) * 3 + 1;
  return {
    kind: "quarter",
    label: text,
    from: `${quarter[1]}-${pad2(first)}-01`,
    to: lastDayOfMonth(y, first + 2),
    code: `${quarter[1].slice(2)}-${q}`,
  };
}

/** The four calendar quarters before a quarter, oldest first: the look-back of 35 kap. 4 § SFL. */
export function precedingQuarters(p: EuSalesPeriod): { from: string; to: string }[] {
  const y = Number(p.from.slice(0, 4));
  const firstMonth = Number(p.from.slice(5, 7));
  const out: { from: string; to: string }[] = [];
  for (let back = 4; back >= 1; back--) {
    const index = y * 12 + (firstMonth - 1) - back * 3;
    const [qy, qm] = [Math.floor(index / 12), (index % 12) + 1];
    out.push({ from: `${qy}-${pad2(qm)}-01`, to: lastDayOfMonth(qy, qm + 2) });
  }
  return out;
}

/** Goods reported by quarter may not exceed this value excluding VAT in any of the five quarters (35 kap. 4 § SFL). */
export const QUARTERLY_GOODS_LIMIT_KRONOR = 500_000;

/**
 * Why a quarter's list may not be given, or null when it may: a quarter with goods (box 35 or 38)
 * is allowed only when the goods of the quarter and of each of the four before it stay at or below
 * 500 000 kr (35 kap. 4 § SFL); services alone may always be reported by quarter. Whether the
 * company has Skatteverket's decision is not known to the books; this is the condition for it.
 */
export function quarterlyListProblem(
  goodsKronor: number,
  precedingGoodsKronor: { from: string; to: string; kronor: number }[],
): string | null {
  if (goodsKronor === 0) return null;
  const over = [{ from: "the quarter itself", to: "", kronor: goodsKronor }, ...precedingGoodsKronor].find(
    (q) => q.kronor > QUARTERLY_GOODS_LIMIT_KRONOR,
  );
  if (!over) return null;
  const when = over.to ? `${over.from}..${over.to}` : over.from;
  return (
    `goods to other EU countries are reported by calendar month: a quarterly list with goods needs every quarter's ` +
    `goods at most ${QUARTERLY_GOODS_LIMIT_KRONOR} kr (35 kap. 4 § SFL), and ${when} had ${over.kronor} kr`
  );
}

/** Box 35 plus box 38 (goods and triangulation) of movements, in whole kronor as the declaration takes them. */
export function goodsKronorOf(movements: Iterable<{ account: string; debitOre: number; creditOre: number }>): number {
  const boxes = declarationBoxes(movements);
  return boxes["35"] + boxes["38"];
}

// ---------------------------------------------------------------------------
// The buyer's VAT number

/** Per VAT-number prefix, the shape after it (VIES; Greece EL). */
const VAT_NUMBER_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT number as the list writes it: upper case, without spaces, dots or hyphens. */
export function compactVatNumber(vat: string): string {
  return vat.replace(/[\s.-]/g, "").toUpperCase();
}

/** The VAT-number prefix of a member state (ISO GR is EL). */
const prefixOf = (country: string) => (country === "GR" ? "EL" : country);

/**
 * Why a buyer's VAT number cannot stand on the list, or null when it can: it must be there, be
 * another member state's (not Sweden's) and the buyer's own country's, and have that country's shape.
 */
export function buyerVatNumberProblem(vat: string | null, country: string): string | null {
  if (!vat?.trim()) return "the buyer has no VAT number";
  const compact = compactVatNumber(vat);
  const prefix = compact.slice(0, 2);
  const shape = VAT_NUMBER_SHAPES[prefix];
  if (!shape) return `${compact} does not start with the code of another EU member state`;
  if (prefix !== prefixOf(country)) return `${compact} is not a VAT number of the buyer's country ${country}`;
  if (!shape.test(compact.slice(2))) return `${compact} does not have the shape of a ${prefix} VAT number`;
  return null;
}

// ---------------------------------------------------------------------------
// Per buyer

/** The list's three columns and the momsdeklaration box each one equals. */
export const COLUMN_BOX = { goods: "35", triangulation: "38", services: "39" } as const satisfies Record<string, Box>;
export type Column = keyof typeof COLUMN_BOX;
const COLUMNS = Object.keys(COLUMN_BOX) as Column[];

/** The column a box's posting belongs in, or null for a box the list does not carry. */
export function columnOfBox(box: Box): Column | null {
  return COLUMNS.find((c) => COLUMN_BOX[c] === box) ?? null;
}

/** The document (invoice or credit note) a posting came from, with its buyer. */
export interface SaleDocument {
  id: string;
  number: string | null;
  customerId: string;
  customerName: string;
  buyer: Party;
}

/** One booked amount on a box 35/38/39 account: credit minus debit, öre, SEK as booked. */
export interface ListPosting {
  column: Column;
  amountOre: number;
  entryId: string;
  /** null: the entry came from no invoice (a manual entry, an import) */
  document: SaleDocument | null;
}

export interface ListRow {
  buyerVatNumber: string;
  country: string;
  /** whole kronor; null when the buyer had no posting of that kind in the period */
  amounts: Record<Column, number | null>;
  invoiceIds: string[];
}

export interface BuyerProblem {
  invoiceId: string;
  invoiceNumber: string | null;
  customerId: string;
  customerName: string;
  vatNumber: string | null;
  problem: string;
}

export interface EuSalesList {
  rows: ListRow[];
  totals: Record<Column, number>;
  /** the buyers whose VAT number cannot stand on the list, by invoice */
  problems: BuyerProblem[];
  /** the postings no invoice names, by entry: they are in the boxes but in no row */
  unattributed: { entryId: string; column: Column; amountOre: number }[];
}

interface BuyerSums {
  country: string;
  ore: Partial<Record<Column, number>>;
  invoiceIds: Set<string>;
}

/**
 * The list from the period's postings: summed per buyer VAT number and column in öre, then each
 * column put in whole kronor so that it adds up to the box (`toWholeKronor`). A credit note lowers
 * its buyer's sums, to below zero when it credits an earlier period's sale (Skatteverket takes a
 * negative value). Rows in VAT-number order.
 */
export function buildEuSalesList(postings: readonly ListPosting[]): EuSalesList {
  const buyers = new Map<string, BuyerSums>();
  const problems = new Map<string, BuyerProblem>();
  const unattributed: EuSalesList["unattributed"] = [];
  for (const p of postings) {
    if (!p.document) {
      unattributed.push({ entryId: p.entryId, column: p.column, amountOre: p.amountOre });
      continue;
    }
    const d = p.document;
    const country = countryOf(d.buyer);
    const problem = EU_COUNTRIES.has(country)
      ? buyerVatNumberProblem(d.buyer.vatNumber, country)
      : `the buyer's country ${country} is not another EU member state`;
    if (problem) {
      problems.set(d.id, {
        invoiceId: d.id,
        invoiceNumber: d.number,
        customerId: d.customerId,
        customerName: d.customerName,
        vatNumber: d.buyer.vatNumber,
        problem,
      });
      continue;
    }
    const vat = compactVatNumber(d.buyer.vatNumber ?? "");
    const sums = buyers.get(vat) ?? { country, ore: {}, invoiceIds: new Set<string>() };
    sums.ore[p.column] = (sums.ore[p.column] ?? 0) + p.amountOre;
    sums.invoiceIds.add(d.id);
    buyers.set(vat, sums);
  }
  const vats = [...buyers.keys()].sort();
  const kronorByColumn = Object.fromEntries(
    COLUMNS.map((c) => [c, toWholeKronor(vats.map((v) => buyers.get(v)?.ore[c] ?? null))]),
  ) as Record<Column, (number | null)[]>;
  const rows = vats.map((vat, i) => {
    const sums = buyers.get(vat) as BuyerSums;
    return {
      buyerVatNumber: vat,
      country: sums.country,
      amounts: Object.fromEntries(COLUMNS.map((c) => [c, kronorByColumn[c][i]])) as Record<Column, number | null>,
      invoiceIds: [...sums.invoiceIds].sort(),
    };
  });
  const totals = Object.fromEntries(
    COLUMNS.map((c) => [c, rows.reduce((sum, r) => sum + (r.amounts[c] ?? 0), 0)]),
  ) as Record<Column, number>;
  return { rows, totals, problems: [...problems.values()], unattributed };
}

/**
 * Öre sums in whole kronor that add up to the column's total as the momsdeklaration takes it (öre
 * dropped toward zero once, on the sum): each sum's kronor rounded down, and the kronor that the
 * dropped öre make together given one each to the sums with the most öre dropped (the largest
 * remainder method; ties to the earlier row). So a buyer's figure is within one krona of its exact
 * value, and the column equals the box. Null (no posting) stays null.
 */
export function toWholeKronor(sums: readonly (number | null)[]): (number | null)[] {
  const total = sums.reduce<number>((s, v) => s + (v ?? 0), 0);
  const target = Math.trunc(total / 100);
  const floors = sums.map((v) => (v === null ? null : Math.floor(v / 100)));
  let extra = target - floors.reduce<number>((s, v) => s + (v ?? 0), 0);
  const byRemainder = sums
    .map((v, i) => ({ i, rest: v === null ? -1 : v - Math.floor(v / 100) * 100 }))
    .filter((r) => r.rest > 0)
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  const out = [...floors];
  for (const r of byRemainder) {
    if (extra <= 0) break;
    out[r.i] = (out[r.i] as number) + 1;
    extra--;
  }
  return out;
}

// ---------------------------------------------------------------------------
// The file (SKV 574008)

export interface ListContact {
  name: string;
  phone: string;
  email: string | null;
}

/** Why a contact cannot stand on the file's reporter line, by field, or an empty list. */
export function contactProblems(c: ListContact): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  // the name as the file writes it (neutraliseCsvText) must fit the file's 35 characters
  if (!c.name.trim() || neutraliseCsvText(c.name).length > 35 || /[;\r\n]/.test(c.name))
    out.push({ path: "contact_name", message: "1-35 characters, no semicolon" });
  if (c.phone.length > 17 || !/^(\d+-\d+|\d+|\+\d+)$/.test(c.phone))
    out.push({
      path: "contact_phone",
      message: "digits, a hyphen after the area code (08-123456) or + and digits for a foreign number; at most 17",
    });
  if (c.email !== null && (c.email.length > 254 || /[;\s]/.test(c.email) || !c.email.includes("@")))
    out.push({ path: "contact_email", message: "an e-mail address" });
  return out;
}

/** The reporter's VAT number as the file takes it (SE and twelve digits), or null when it is not one. */
export function reporterVatNumber(vat: string | null): string | null {
  const compact = compactVatNumber(vat ?? "");
  return /^SE\d{12}$/.test(compact) ? compact : null;
}

/** A column's value in the file: empty without sales, else the kronor with a minus sign when negative. */
const cell = (kronor: number | null) => (kronor === null ? "" : String(kronor));

/**
 * The SKV 574008 file's text: the header line, the reporter line, one line per buyer, each line
 * ended by CR LF. The caller checks the contact (`contactProblems`) and the reporter's number.
 */
export function euSalesListFileText(input: {
  reporterVatNumber: string;
  periodCode: string;
  contact: ListContact;
  rows: readonly ListRow[];
}): string {
  const { contact } = input;
  const lines = [
    "SKV574008;",
    // Text fields a caller typed are neutralised (OWASP CSV injection): the name and the
    // e-mail. The phone is not: its shape is checked (digits, a hyphen, or + and digits as
    // Skatteverket asks for a foreign number), which a spreadsheet reads as a number, never a
    // formula, and a quote would break the authority's format. Amounts are numbers, minus kept.
    [
      input.reporterVatNumber,
      input.periodCode,
      neutraliseCsvText(contact.name),
      contact.phone,
      neutraliseCsvText(contact.email ?? ""),
    ].join(";"),
    ...input.rows.map(
      (r) =>
        `${r.buyerVatNumber};${cell(r.amounts.goods)};${cell(r.amounts.triangulation)};${cell(r.amounts.services)};`,
    ),
  ];
  return lines.map((l) => `${l}\r\n`).join("");
}

/** Text as ISO 8859-1 bytes, or null when a character is outside it (the file's encoding). */
export function latin1Bytes(text: string): Uint8Array | null {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return null;
    bytes[i] = code;
  }
  return bytes;
}
