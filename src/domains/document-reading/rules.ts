// The decisions of reading a document into a proposal and of using the proposal (issue #43):
// which fields the API shows, what registering still lacks, the figures after the caller's
// corrections (refused when they do not add up: never adjusted), the supplier invoice's lines
// made from them and a receipt's entry lines. Pure: no I/O.
import { ApiError } from "../../errors/api-error";
import { fromOre, toOre } from "../../money";
import type { Reading } from "../../sweden/invoice-reading";
import { RATES, VAT_TOLERANCE_ORE } from "../../sweden/invoice-reading";
import { INPUT_VAT_ACCOUNT } from "../../sweden/invoicing";
import { AMOUNT_FIELDS, FIELD_NAMES, type FoundFieldJson, type ProposalJson } from "./schemas";

/** BAS 3740 Öres- och kronutjämning: a rounding line of an invoice. */
export const ROUNDING_ACCOUNT = "3740";

/** The reading's fields as the API shows them: amounts in kronor, `base` dropped. */
export function proposalFields(reading: Reading): Record<string, FoundFieldJson> {
  const out: Record<string, FoundFieldJson> = {};
  for (const name of FIELD_NAMES) {
    const f = reading.fields[name];
    if (!f) continue;
    const value = AMOUNT_FIELDS.has(name) && typeof f.value === "number" ? fromOre(f.value) : f.value;
    out[name] = { value, page: f.page, line: f.line.slice(0, 500), label: f.label, confidence: f.confidence };
  }
  return out;
}

/** What registering (a supplier invoice) or drafting (a receipt) needs that the document did not give. */
export function missingFields(
  kind: string,
  fields: Record<string, FoundFieldJson>,
  supplierId: string | null,
): string[] {
  const needed = kind === "receipt" ? ["invoice_date", "total"] : ["invoice_number", "invoice_date", "total"];
  const missing = needed.filter((f) => !fields[f]);
  return kind === "supplier_invoice" && !supplierId ? ["supplier_id", ...missing] : missing;
}

/** The figures a proposal is used with, in öre. */
export interface Figures {
  net: number;
  vat: { bp: number; ore: number }[];
  rounding: number;
  total: number;
}

type Corrections = Partial<Record<"net" | "vat_25" | "vat_12" | "vat_6" | "rounding" | "total", number | undefined>>;

const figureOre = (fields: Record<string, FoundFieldJson>, c: Corrections, name: keyof Corrections): number | null => {
  const given = c[name];
  if (given !== undefined) return toOre(given);
  const read = fields[name]?.value;
  return typeof read === "number" ? toOre(read) : null;
};

/**
 * The figures after the caller's corrections: a correction wins over what was read. The VAT per
 * rate is the rates read (a VAT total of no single Swedish rate is not booked: unless the caller
 * corrects a figure, the proposal lacks its rates); a missing net is the total less VAT and rounding. They must add up, else
 * DOCUMENT_PROPOSAL_TOTALS_DISAGREE with the figures: nothing is adjusted.
 */
export function figuresOf(fields: Record<string, FoundFieldJson>, c: Corrections): Figures {
  const total = figureOre(fields, c, "total");
  if (total === null) throw new ApiError("DOCUMENT_PROPOSAL_INCOMPLETE", { missing: ["total"] });
  const vat = RATES.map((r) => ({ bp: r.bp, ore: figureOre(fields, c, r.field as keyof Corrections) ?? 0 })).filter(
    (v) => v.ore !== 0,
  );
  const corrected = Object.values(c).some((v) => v !== undefined);
  const vatTotal = fields.vat_total?.value;
  if (!vat.length && !corrected && typeof vatTotal === "number" && vatTotal !== 0)
    throw new ApiError("DOCUMENT_PROPOSAL_INCOMPLETE", {
      missing: ["vat_25", "vat_12", "vat_6"],
      reason: "the document's VAT is no single Swedish rate of its net: name the VAT per rate",
    });
  const vatSum = vat.reduce((s, v) => s + v.ore, 0);
  const rounding = figureOre(fields, c, "rounding") ?? 0;
  const net = figureOre(fields, c, "net") ?? total - vatSum - rounding;
  if (net + vatSum + rounding !== total)
    throw new ApiError("DOCUMENT_PROPOSAL_TOTALS_DISAGREE", {
      net: fromOre(net),
      vat: fromOre(vatSum),
      rounding: fromOre(rounding),
      total: fromOre(total),
      difference: fromOre(total - net - vatSum - rounding),
    });
  return { net, vat, rounding, total };
}

/**
 * The net split by rate: each rate's base is its VAT / rate; what is left of the net carries no
 * VAT. With one rate and nothing left beyond rounding the whole net is that rate's base, so the
 * lines' net is the document's net to the öre.
 */
export function basesOf(f: Figures): { bp: number; baseOre: number; vatOre: number }[] {
  const bases = f.vat.map((v) => ({ bp: v.bp, baseOre: Math.round((v.ore * 10_000) / v.bp), vatOre: v.ore }));
  const left = f.net - bases.reduce((s, b) => s + b.baseOre, 0);
  const slack = Math.ceil((VAT_TOLERANCE_ORE * 10_000) / 600);
  if (bases.length && Math.abs(left) <= slack) {
    bases[bases.length - 1].baseOre += left;
    return bases;
  }
  return left ? [...bases, { bp: 0, baseOre: left, vatOre: 0 }] : bases;
}

/** The supplier invoice's lines: one per VAT rate on `account`, VAT as the document printed it, and a rounding line. */
export function itemsFromFigures(f: Figures, account: string | undefined) {
  const lines = basesOf(f).map((b) => ({
    description: b.bp ? `Enligt faktura, moms ${b.bp / 100} %` : "Enligt faktura, utan moms",
    amount: fromOre(b.baseOre),
    vat_rate: b.bp / 10_000,
    vat_amount: fromOre(b.vatOre),
    apply_slp: false,
    reverse_charge: false,
    ...(account ? { account_number: account } : {}),
  }));
  if (f.rounding)
    lines.push({
      description: "Öresavrundning",
      amount: fromOre(f.rounding),
      vat_rate: 0,
      vat_amount: 0,
      apply_slp: false,
      reverse_charge: false,
      account_number: ROUNDING_ACCOUNT,
    });
  return lines;
}

/** A receipt's entry: the expense net of VAT, the input VAT on 2641, the total from the account that paid it. */
export function receiptLines(f: Figures, expenseAccount: string, paymentAccount: string) {
  const vat = f.vat.reduce((s, v) => s + v.ore, 0);
  const lines = [{ accountNumber: expenseAccount, debitOre: f.net, creditOre: 0 }];
  if (vat) lines.push({ accountNumber: INPUT_VAT_ACCOUNT, debitOre: vat, creditOre: 0 });
  if (f.rounding) lines.push({ accountNumber: ROUNDING_ACCOUNT, debitOre: f.rounding, creditOre: 0 });
  lines.push({ accountNumber: paymentAccount, debitOre: 0, creditOre: f.total });
  return lines.map((l) => ({
    ...l,
    debitOre: Math.max(l.debitOre, 0) + Math.max(-l.creditOre, 0),
    creditOre: Math.max(l.creditOre, 0) + Math.max(-l.debitOre, 0),
    lineDescription: null,
    dimensions: null,
  }));
}

/** A used proposal is used once: registering or drafting it again is DOCUMENT_PROPOSAL_USED. */
export function assertUsable(
  p: Pick<ProposalJson, "id" | "kind" | "status" | "supplier_invoice_id" | "journal_entry_id">,
  kind: string,
) {
  if (p.status !== "proposed")
    throw new ApiError("DOCUMENT_PROPOSAL_USED", {
      id: p.id,
      status: p.status,
      supplier_invoice_id: p.supplier_invoice_id,
      journal_entry_id: p.journal_entry_id,
    });
  if (p.kind !== kind) throw new ApiError("DOCUMENT_PROPOSAL_WRONG_KIND", { id: p.id, kind: p.kind, wanted: kind });
}

/** A value the caller gave, else the text field read from the document. */
export function textField(fields: Record<string, FoundFieldJson>, name: string, given: string | null | undefined) {
  if (given !== undefined && given !== null) return given;
  const v = fields[name]?.value;
  return typeof v === "string" ? v : undefined;
}
