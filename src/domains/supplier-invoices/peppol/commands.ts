// A supplier's e-invoice (Peppol BIS Billing 3.0 or plain EN 16931 UBL) becomes a supplier
// invoice (issue #32, docs/peppol.md "In"). The route validates the document with the official
// rules and reads it; the command finds the supplier and hands the invoice to the one create
// command (createSupplierInvoice), then checks that what it booked equals the document.
import type { Command } from "../../../commands/plan";
import { ApiError } from "../../../errors/api-error";
import {
  PEPPOL_LIMITS,
  type PeppolDocument,
  type PeppolLimit,
  PeppolLimitError,
  type PeppolScan,
  PeppolValidationTimeout,
  PeppolXmlError,
  parsePeppolXml,
  readPeppolDocument,
  scanPeppolXml,
  validatePeppolDocumentAsync,
} from "../../../formats/peppol";
import { checkBodyText, DateSchema } from "../../../http/fields";
import { sha256Hex } from "../../../http/crypto";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { archiveGeneratedDocument } from "../../documents";
import { findSupplierByIdentity, planSupplierCreate } from "../../suppliers";
import {
  type SupplierInvoiceCreateInput,
  SupplierInvoiceCreateSchema,
  type SupplierInvoiceItemInput,
} from "../schemas";
import { planSupplierInvoice } from "../registration/commands";

/** The account a line is booked on when the supplier has no default_expense_account: BAS 6990 Övriga externa kostnader. */
export const PEPPOL_DEFAULT_EXPENSE_ACCOUNT = "6990";
/** The Swedish rate the buyer books under reverse charge (AE) or on an intra-EU acquisition (K): the documents carry 0 %. */
const SELF_ASSESSED_RATE = 0.25;

/** What the command is handed: the document's figures, already validated and read; `create_supplier` from the query. */
export type PeppolImportInput = { document: PeppolDocument; create_supplier: boolean };

/** EU member states but Sweden: a seller there is registered as an eu_business supplier. */
const EU_COUNTRIES = new Set(
  "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SI SK".split(" "),
);

/** The document's structure counted before it is parsed; past a limit (PEPPOL_LIMITS) PEPPOL_DOCUMENT_LIMIT_EXCEEDED. */
export function prescannedPeppol(xml: string): PeppolScan {
  try {
    return scanPeppolXml(xml);
  } catch (e) {
    if (e instanceof PeppolLimitError) throw limitExceeded(e.limit, e.max, e.found, { line: e.line });
    throw e;
  }
}

export const limitExceeded = (limit: PeppolLimit, max: number, found: number, more: Record<string, unknown> = {}) =>
  new ApiError(
    "PEPPOL_DOCUMENT_LIMIT_EXCEEDED",
    { limit, max, found, ...more },
    `The document passes the import's ${limit} limit (${max}).`,
  );

/**
 * Parses and validates the body (the rules yield to other requests as they go), then reads it
 * and holds what it read to the JSON API's text rule and dates; a fatal rule, a non-XML body,
 * a DTD, a refused text or an impossible date is refused, nothing stored.
 */
export async function validatedPeppolDocument(xml: string): Promise<PeppolDocument> {
  let doc: ReturnType<typeof parsePeppolXml>;
  try {
    doc = parsePeppolXml(xml);
  } catch (e) {
    if (e instanceof PeppolXmlError)
      throw new ApiError("VALIDATION_ERROR", { body: "not_xml", reason: e.message }, `The body: ${e.message}.`);
    throw e;
  }
  const { fatal } = await validatePeppolDocumentAsync(doc, {
    yieldEvery: PEPPOL_LIMITS.yieldEvery,
    maxMs: PEPPOL_LIMITS.maxValidationMs,
  }).catch((e) => {
    if (e instanceof PeppolValidationTimeout)
      throw limitExceeded("validation_time", PEPPOL_LIMITS.maxValidationMs, PEPPOL_LIMITS.maxValidationMs);
    throw e;
  });
  if (fatal.length)
    throw new ApiError("PEPPOL_VALIDATION_FAILED", {
      rules: fatal.map((f) => ({ id: f.id, text: f.text, location: f.location })),
    });
  return checkedPeppolDocument(readPeppolDocument(doc));
}

/**
 * The JSON API's input rules on what the document carries in (issue #41 items 7 and 8): every
 * text obeys the text rule (checkBodyText: no control or bidi control characters, `\n` only in
 * descriptions and reasons), and the dates are real calendar days (BT-2 IssueDate, BT-9 DueDate;
 * the Schematron rules check their form, not 2026-02-30). The lengths and the number of items
 * are the create schema's (planPeppolInvoice), the lines' count the pre-scan's.
 */
export function checkedPeppolDocument(d: PeppolDocument): PeppolDocument {
  const bad = checkBodyText(d);
  if (bad)
    throw new ApiError(
      "VALIDATION_ERROR",
      { body: "peppol", fields: [{ path: bad.path, message: bad.message, code: "invalid_text" }] },
      `The document's ${bad.path}: ${bad.message}.`,
    );
  for (const [path, value] of [
    ["issueDate", d.issueDate],
    ["dueDate", d.dueDate],
  ] as const) {
    if (value !== null && !DateSchema.safeParse(value).success)
      throw new ApiError(
        "VALIDATION_ERROR",
        { body: "peppol", fields: [{ path, message: `${value} is not a real date`, code: "invalid_date" }] },
        `The document's ${path} ${value} is not a real date.`,
      );
  }
  return d;
}

export const unsupported = (reason: string, more: Record<string, unknown> = {}) =>
  new ApiError("PEPPOL_DOCUMENT_UNSUPPORTED", { reason, ...more });

/** A UBL VAT category and percent as a create item's vat_rate and reverse-charge flags. */
export function vatOfCategory(category: string, percent: string | null, where: string, swedishSupplier: boolean) {
  switch (category) {
    case "S": {
      const rate = Number(percent) / 100;
      if (![0.25, 0.12, 0.06].includes(rate))
        throw unsupported(`${where}: standard rate ${percent} % is not a Swedish VAT rate`, { category, percent });
      return { vat_rate: rate, reverse_charge: false };
    }
    case "Z":
    case "E":
    case "O":
      return { vat_rate: 0, reverse_charge: false };
    case "AE":
      // A Swedish seller's reverse charge is the create path's reverse_charge; a foreign
      // seller's is decided there by the supplier's country.
      return { vat_rate: SELF_ASSESSED_RATE, reverse_charge: swedishSupplier };
    case "K":
      return { vat_rate: SELF_ASSESSED_RATE, reverse_charge: false, supply_type: "goods" as const };
    default:
      throw unsupported(
        `${where}: VAT category ${category} is not booked by this import (G export, L/M Canary Islands and Ceuta/Melilla, B split payment)`,
        {
          category,
        },
      );
  }
}

/** The create items: one per invoice line, one per document-level allowance (negative) or charge. */
function itemsOf(d: PeppolDocument, account: string, swedishSupplier: boolean): SupplierInvoiceItemInput[] {
  const lines = d.lines.map((l, i) => ({
    description: l.description || null,
    amount: Number(l.net),
    account_number: account,
    apply_slp: false,
    ...vatOfCategory(l.category, l.percent, `line ${i + 1}`, swedishSupplier),
  }));
  const adjustments = d.allowanceCharges.map((ac, i) => ({
    description: `${ac.charge ? "Avgift" : "Rabatt"}${ac.reason ? `: ${ac.reason}` : ""}`,
    amount: ac.charge ? Number(ac.amount) : -Number(ac.amount),
    account_number: account,
    apply_slp: false,
    ...vatOfCategory(ac.category, ac.percent, `allowance/charge ${i + 1}`, swedishSupplier),
  }));
  return [...lines, ...adjustments];
}

/** Payment accounts the create path has no field for, kept in notes: "Peppol: 30 IBAN SE45...". */
function paymentNotes(d: PeppolDocument): string | null {
  if (!d.paymentAccounts.length) return null;
  const means = d.paymentAccounts.map((p) => `betalningssätt ${p.code} konto ${p.account}`).join("; ");
  return `Peppol e-faktura ${d.number}: ${means}`.slice(0, 2000);
}

/**
 * The create input made from the document obeys the JSON API's own schema (issue #41 item 7):
 * the invoice number and OCR at most 60 characters, a line's text at most 500, at most
 * MAX_ITEMS_PER_INVOICE items, each amount and the total within the limits. Refused as the
 * JSON API refuses it, naming the create field, rather than cut to fit.
 */
function withinCreateRules(create: SupplierInvoiceCreateInput) {
  const parsed = SupplierInvoiceCreateSchema.safeParse(create);
  if (parsed.success) return;
  const fields = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  throw new ApiError(
    "VALIDATION_ERROR",
    { body: "peppol", fields },
    `The document gives a supplier invoice the JSON API refuses: ${fields[0].path}: ${fields[0].message}.`,
  );
}

export const importPeppolSupplierInvoice: Command<PeppolImportInput> = async (db, input, ctx, env) => {
  const d = input.document;
  // the route sends a credit note to supplier_invoices.import_peppol_credit (peppol-credit.ts)
  if (d.kind === "credit_note")
    throw unsupported("a credit note is imported by supplier_invoices.import_peppol_credit");
  const found = await findSupplierByIdentity(db, ctx.companyId, d.seller);
  const created = found ? null : await newSupplierPlan(db, ctx, d, input.create_supplier);
  const supplier = found ?? created!.row;
  const swedish = supplier.supplierType === "swedish_business";
  const account = supplier.defaultExpenseAccount ?? PEPPOL_DEFAULT_EXPENSE_ACCOUNT;
  const create: SupplierInvoiceCreateInput = {
    supplier_id: supplier.id,
    supplier_invoice_number: d.number,
    invoice_date: d.issueDate,
    ...(d.dueDate && d.dueDate >= d.issueDate ? { due_date: d.dueDate } : {}),
    currency: d.currency,
    payment_reference: d.paymentId ?? null,
    notes: paymentNotes(d),
    items: itemsOf(d, account, swedish),
  };
  withinCreateRules(create);
  const invoicePlan = await planSupplierInvoice(db, create, ctx, env, supplier);
  const plan = created
    ? {
        ...invoicePlan,
        statements: [...created.statements, ...invoicePlan.statements],
        events: [...created.events, ...(invoicePlan.events ?? [])],
      }
    : invoicePlan;
  const booked = plan.data as {
    subtotal: number;
    vat_amount: number;
    total: number;
    registration_journal_entry_id: string | null;
  };
  assertTotalsAgree(d, booked);
  const archived = await archiveAttachments(db, ctx, d, booked.registration_journal_entry_id);
  return {
    ...plan,
    statements: [...plan.statements, ...archived.statements],
    files: [...(plan.files ?? []), ...archived.files],
  };
};

/** An attachment's content; base64 that does not decode is refused (nothing stored). */
function base64Bytes(base64: string, fileName: string): Uint8Array {
  try {
    return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  } catch {
    throw unsupported(`the attachment ${fileName} is not valid base64`);
  }
}

/**
 * The document's embedded attachments (the seller's PDF of the invoice, time sheets ...)
 * archived in the documents domain in the same batch, linked to the registration entry
 * (under the cash method there is none yet: they are archived unlinked). upload_source "peppol".
 */
export async function archiveAttachments(
  db: Parameters<Command<PeppolImportInput>>[0],
  ctx: Parameters<Command<PeppolImportInput>>[2],
  d: PeppolDocument,
  journalEntryId: string | null,
) {
  const statements = [];
  const files = [];
  for (const a of d.attachments) {
    const bytes = base64Bytes(a.base64, a.fileName);
    const doc = archiveGeneratedDocument(
      db,
      ctx,
      {
        documentId: newId(),
        fileName: a.fileName.slice(0, 255),
        mimeType: a.mimeType,
        fileSizeBytes: bytes.byteLength,
        sha256Hash: await sha256Hex(bytes),
        uploadSource: "peppol",
        journalEntryId,
      },
      bytes,
    );
    statements.push(...doc.statements);
    files.push(doc.file);
  }
  return { statements, files };
}

/**
 * The seller as a new supplier when the caller asked for it (?create_supplier=true): a Swedish
 * seller by organisation number, an EU seller by VAT number and country; the supplier is
 * written in the same batch as the invoice, so a refused invoice leaves no supplier behind.
 */
async function newSupplierPlan(
  db: Parameters<Command<PeppolImportInput>>[0],
  ctx: Parameters<Command<PeppolImportInput>>[2],
  d: PeppolDocument,
  create: boolean,
) {
  const notFound = (reason?: string) =>
    new ApiError("PEPPOL_SUPPLIER_NOT_FOUND", {
      org_number: d.seller.orgNumber,
      vat_number: d.seller.vatNumber,
      name: d.seller.name,
      ...(reason ? { reason } : {}),
    });
  if (!create) throw notFound();
  const country = d.seller.country?.toUpperCase() ?? null;
  if (country === "SE" && d.seller.orgNumber)
    return planSupplierCreate(db, ctx, {
      name: d.seller.name.slice(0, 200),
      supplier_type: "swedish_business",
      org_number: d.seller.orgNumber,
      vat_number: d.seller.vatNumber,
      default_currency: d.currency,
    });
  if (country && EU_COUNTRIES.has(country) && d.seller.vatNumber)
    return planSupplierCreate(db, ctx, {
      name: d.seller.name.slice(0, 200),
      supplier_type: "eu_business",
      vat_number: d.seller.vatNumber,
      country,
      default_currency: d.currency,
    });
  throw notFound(
    "create_supplier needs a Swedish seller with an organisation number or an EU seller with a VAT number; register this one with POST .../suppliers",
  );
}

/** The booked net, VAT and total must be the document's (BT-109, BT-110, BT-112); else nothing is stored. */
export function assertTotalsAgree(d: PeppolDocument, booked: { subtotal: number; vat_amount: number; total: number }) {
  const pairs = [
    ["net", d.totals.taxExclusive, booked.subtotal],
    ["vat", d.totals.tax || "0", booked.vat_amount],
    ["total", d.totals.taxInclusive, booked.total],
  ] as const;
  const differing = pairs.filter(([, doc, ours]) => toOre(Number(doc)) !== toOre(ours));
  if (differing.length)
    throw new ApiError("PEPPOL_TOTALS_MISMATCH", {
      totals: differing.map(([name, doc, ours]) => ({ name, document: Number(doc), booked: ours })),
    });
}
