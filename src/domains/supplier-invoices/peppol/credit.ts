// A supplier's e-credit note (UBL CreditNote, Peppol BIS Billing 3.0 or EN 16931) becomes a
// credit of the supplier invoice it corrects (issue #32, docs/peppol.md "In"): the document is
// validated and read by the route as an invoice is, then this command finds the supplier and
// the credited invoice, turns the document's lines into the credit command's input and runs
// that command's plan (creditSupplierInvoice), so the credit is checked, booked and announced
// exactly as POST .../supplier-invoices/{id}/credit does it.
import type { Command } from "../../../commands/plan";
import { ApiError } from "../../../errors/api-error";
import type { PeppolDocument } from "../../../formats/peppol";
import { toOre } from "../../../money";
import { findSupplierByIdentity } from "../../suppliers";
import { creditSupplierInvoice, leftOfItems } from "../credits/commands";
import { archiveAttachments, assertTotalsAgree, type PeppolImportInput, unsupported, vatOfCategory } from "./commands";
import {
  activeSupplierCreditNoteWithNotes,
  creditNotesOfSupplierInvoice,
  itemsOfSupplierInvoice,
  type SupplierInvoiceItemRow,
  type SupplierInvoiceRow,
  supplierInvoiceByNumber,
} from "../queries";
import type { SupplierInvoiceCreditInput } from "../schemas";

/** What is left to credit of one item (net and VAT, öre). */
type Left = Map<string, { amountOre: number; vatOre: number }>;

/** The credit's reason (its notes): the one place the credit command keeps the credit note's number. */
export const creditNoteReason = (number: string) => `Peppol kreditnota ${number}`.slice(0, 1000);

/** A credit note line or document-level allowance/charge: its net in öre (a charge or line positive) and VAT rate. */
type CreditLine = { description: string; netOre: number; rateBp: number; matchable: boolean };

/** The document's lines (matched to items by description) and allowances/charges (spread by rate). */
function creditLinesOf(d: PeppolDocument, swedish: boolean): CreditLine[] {
  const rateBp = (category: string, percent: string | null, where: string) =>
    Math.round(vatOfCategory(category, percent, where, swedish).vat_rate * 10_000);
  return [
    ...d.lines.map((l, i) => ({
      description: l.description,
      netOre: toOre(Number(l.net))!,
      rateBp: rateBp(l.category, l.percent, `line ${i + 1}`),
      matchable: true,
    })),
    ...d.allowanceCharges.map((ac, i) => ({
      description: ac.reason,
      netOre: toOre(Number(ac.amount))! * (ac.charge ? 1 : -1),
      rateBp: rateBp(ac.category, ac.percent, `allowance/charge ${i + 1}`),
      matchable: false,
    })),
  ];
}

const sameText = (a: string | null, b: string) => (a ?? "").trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The net to credit of each item (öre, by item id). A line goes whole to the one item of its
 * VAT rate whose description is the line's when there is exactly one and enough is left of it;
 * every other line, allowance and charge goes to its rate's pool, spread over the items of that
 * rate in the invoice's order, each taking at most what is left of it. A pool that is negative
 * or larger than what is left at its rate, or whose rate's items differ in VAT treatment,
 * cannot be placed: PEPPOL_CREDIT_NOT_PLACEABLE.
 */
function placeCredit(lines: CreditLine[], items: SupplierInvoiceItemRow[], left: Left): Map<string, number> {
  const taken = new Map<string, number>();
  const room = (i: SupplierInvoiceItemRow) => Math.max(0, left.get(i.id)!.amountOre) - (taken.get(i.id) ?? 0);
  const pools = placeNamedLines(lines, items, room, taken);
  for (const [rateBp, pool] of pools)
    spreadPool(
      rateBp,
      pool,
      items.filter((i) => i.vatRateBp === rateBp),
      room,
      taken,
    );
  return taken;
}

/** Each line named by exactly one item of its rate with room for it goes to that item (into `taken`); the rest, by rate, are returned as pools. */
function placeNamedLines(
  lines: CreditLine[],
  items: SupplierInvoiceItemRow[],
  room: (i: SupplierInvoiceItemRow) => number,
  taken: Map<string, number>,
): Map<number, number> {
  const pools = new Map<number, number>();
  for (const line of lines) {
    const named = line.matchable
      ? items.filter((i) => i.vatRateBp === line.rateBp && sameText(i.description, line.description))
      : [];
    if (named.length === 1 && line.netOre > 0 && room(named[0]) >= line.netOre)
      taken.set(named[0].id, (taken.get(named[0].id) ?? 0) + line.netOre);
    else pools.set(line.rateBp, (pools.get(line.rateBp) ?? 0) + line.netOre);
  }
  return pools;
}

/** A rate's pool spread over its items in the invoice's order (into `taken`), each taking at most its room. */
function spreadPool(
  rateBp: number,
  pool: number,
  ofRate: SupplierInvoiceItemRow[],
  room: (i: SupplierInvoiceItemRow) => number,
  taken: Map<string, number>,
): void {
  // spreading across a domestic and a reverse-charged item (or an EU purchase) would move VAT
  // between 2641 and 2614/2645: only items of one VAT treatment share a pool
  if (pool !== 0 && new Set(ofRate.map((i) => i.vatTreatment)).size > 1)
    throw new ApiError("PEPPOL_CREDIT_NOT_PLACEABLE", {
      vat_rate: rateBp / 10_000,
      vat_treatments: [...new Set(ofRate.map((i) => i.vatTreatment))],
      reason:
        "the invoice's items at this VAT rate have different VAT treatments (domestic, reverse " +
        "charge, EU purchase): each credit note line must name the item it credits by its " +
        "description",
    });
  let rest = pool;
  for (const item of ofRate) {
    const part = Math.min(rest, room(item));
    if (part > 0) taken.set(item.id, (taken.get(item.id) ?? 0) + part);
    rest -= Math.max(part, 0);
  }
  if (pool < 0 || rest > 0)
    throw new ApiError("PEPPOL_CREDIT_NOT_PLACEABLE", {
      vat_rate: rateBp / 10_000,
      document_net: pool / 100,
      left_to_credit: (pool - rest) / 100,
      reason:
        pool < 0
          ? "the credit note's lines at this VAT rate add up to less than zero"
          : "the credit note credits more at this VAT rate than is left of the invoice's items of that rate",
    });
}

/** The credit command's items: everything left (no items) when the document is the whole rest, else the placed parts. */
function creditItems(
  d: PeppolDocument,
  lines: CreditLine[],
  items: SupplierInvoiceItemRow[],
  left: Left,
): SupplierInvoiceCreditInput["items"] {
  const all = [...left.values()];
  const netLeft = all.reduce((s, l) => s + l.amountOre, 0);
  const vatLeft = all.reduce((s, l) => s + l.vatOre, 0);
  if (toOre(Number(d.totals.taxExclusive)) === netLeft && toOre(Number(d.totals.tax || "0")) === vatLeft)
    return undefined;
  const taken = placeCredit(lines, items, left);
  // a discount item (negative) is credited by the command only whole; the placed parts are positive items
  return items
    .filter((i) => (taken.get(i.id) ?? 0) > 0)
    .map((i) => ({ item_id: i.id, amount: taken.get(i.id)! / 100 }));
}

/** The credited invoice: BillingReference's number, an invoice of the same supplier; else PEPPOL_CREDITED_INVOICE_NOT_FOUND. */
async function creditedInvoice(
  db: Parameters<Command<PeppolImportInput>>[0],
  companyId: string,
  d: PeppolDocument,
  supplier: { id: string; name: string },
): Promise<SupplierInvoiceRow> {
  const row = d.billingReference ? await supplierInvoiceByNumber(db, companyId, supplier.id, d.billingReference) : null;
  if (!row)
    throw new ApiError("PEPPOL_CREDITED_INVOICE_NOT_FOUND", {
      billing_reference: d.billingReference,
      supplier_id: supplier.id,
      supplier_name: supplier.name,
      reason: d.billingReference
        ? "no invoice of this supplier has that supplier_invoice_number"
        : "the credit note has no cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID",
    });
  return row;
}

export const importPeppolCreditNote: Command<PeppolImportInput> = async (db, input, ctx, env) => {
  const d = input.document;
  if (d.kind !== "credit_note") throw unsupported("an invoice is imported by supplier_invoices.import_peppol");
  const supplier = await findSupplierByIdentity(db, ctx.companyId, d.seller);
  if (!supplier)
    throw new ApiError("PEPPOL_SUPPLIER_NOT_FOUND", {
      org_number: d.seller.orgNumber,
      vat_number: d.seller.vatNumber,
      name: d.seller.name,
      reason: "a credit note is imported for a registered supplier's invoice (create_supplier does not apply)",
    });
  const invoice = await creditedInvoice(db, ctx.companyId, d, supplier);
  const reason = creditNoteReason(d.number);
  const duplicate = await activeSupplierCreditNoteWithNotes(db, ctx.companyId, supplier.id, reason);
  if (duplicate)
    throw new ApiError("PEPPOL_CREDIT_NOTE_DUPLICATE", {
      credit_note_number: d.number,
      supplier_id: supplier.id,
      credit_note_id: duplicate.id,
      credited_invoice_id: duplicate.creditedInvoiceId,
    });
  if (d.currency !== invoice.currency)
    throw unsupported(`the credit note is in ${d.currency}, the invoice it corrects in ${invoice.currency}`, {
      currency: d.currency,
      invoice_currency: invoice.currency,
    });
  const items = await itemsOfSupplierInvoice(db, invoice.id);
  const left = leftOfItems(items, (await creditNotesOfSupplierInvoice(db, ctx.companyId, invoice.id)).items);
  const lines = creditLinesOf(d, supplier.supplierType === "swedish_business");
  const chosen = invoice.status === "credited" ? undefined : creditItems(d, lines, items, left);
  const plan = await creditSupplierInvoice(
    db,
    { id: invoice.id, credit_date: d.issueDate, reason, ...(chosen ? { items: chosen } : {}) },
    ctx,
    env,
  );
  const credited = plan.data as {
    credit_note: { subtotal: number; vat_amount: number; total: number };
    registration_journal_entry_id: string | null;
  };
  // the credit note's own amounts are negative; the document's are positive
  assertTotalsAgree(d, {
    subtotal: -credited.credit_note.subtotal,
    vat_amount: -credited.credit_note.vat_amount,
    total: -credited.credit_note.total,
  });
  const archived = await archiveAttachments(db, ctx, d, credited.registration_journal_entry_id);
  return {
    ...plan,
    data: { kind: "credit_note", ...(plan.data as object) },
    statements: [...plan.statements, ...archived.statements],
    files: [...(plan.files ?? []), ...archived.files],
  };
};
