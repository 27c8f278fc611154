// The EU sales list (periodisk sammanställning) of a month or quarter, from the books: the lines on
// the accounts of momsdeklaration boxes 35, 38 and 39, each attributed to the invoice or credit note
// that booked it and so to its buyer's VAT number (src/sweden/eu-sales-list.ts holds the rules).
// Built from the same lines the declaration sums, in SEK as booked (a foreign-currency invoice at its
// booked rate), so the columns equal the boxes of the same dates.
import type { Database } from "../../db/client";
import { ApiError, fieldError } from "../../errors/api-error";
import {
  buildEuSalesList,
  COLUMN_BOX,
  type Column,
  columnOfBox,
  contactProblems,
  type EuSalesList,
  type EuSalesPeriod,
  euSalesListFileText,
  goodsKronorOf,
  type ListContact,
  type ListPosting,
  latin1Bytes,
  precedingQuarters,
  quarterlyListProblem,
  reporterVatNumber,
  type SaleDocument,
} from "../../sweden/eu-sales-list";
import { accountsOfBox, boxOf, declarationBoxes } from "../../sweden/vat-declaration";
import { loadCompany, payrollContactOf } from "../companies";
import { saleDocumentsByIds, swedishVatNumber } from "../invoices";
import { euSalesLines, vatDeclarationMovements } from "./queries";

/** The entries an invoice books name it as their source: the sale, its credit note, a payment (cash method), a refund. */
const INVOICE_SOURCES = new Set(["invoice_sent", "invoice_credited", "invoice_paid"]);

const LIST_ACCOUNTS = Object.values(COLUMN_BOX).flatMap((box) => accountsOfBox(box));

/** The period's postings on boxes 35/38/39, each with the document (and buyer) that booked it, or none. */
async function listPostings(db: Database, companyId: string, period: EuSalesPeriod): Promise<ListPosting[]> {
  const lines = await euSalesLines(db, companyId, LIST_ACCOUNTS, period);
  const invoiceIds = [
    ...new Set(lines.filter((l) => INVOICE_SOURCES.has(l.sourceType) && l.sourceId).map((l) => l.sourceId as string)),
  ];
  const documents = new Map<string, SaleDocument>(
    (await saleDocumentsByIds(db, companyId, invoiceIds)).map((d) => [d.id, d]),
  );
  return lines.map((l) => {
    const box = boxOf(l.account)?.box;
    const column = box ? columnOfBox(box) : null;
    if (!column) throw new Error(`account ${l.account} is read for the EU sales list but feeds no list box`);
    const document = INVOICE_SOURCES.has(l.sourceType) && l.sourceId ? (documents.get(l.sourceId) ?? null) : null;
    return { column, amountOre: l.creditOre - l.debitOre, entryId: l.entryId, document };
  });
}

/**
 * A quarter is refused when it has goods the law wants monthly (35 kap. 4 § SFL): the goods of
 * the quarter and of the four before it, from the declaration's own movements.
 */
async function assertQuarterAllowed(db: Database, companyId: string, period: EuSalesPeriod, goodsKronor: number) {
  if (period.kind !== "quarter" || goodsKronor === 0) return;
  const before = precedingQuarters(period);
  const moves = await vatDeclarationMovements(db, companyId, { from: before[0].from, to: before[3].to });
  const preceding = before.map((q) => ({
    ...q,
    kronor: goodsKronorOf(moves.filter((m) => m.month >= q.from.slice(0, 7) && m.month <= q.to.slice(0, 7))),
  }));
  const problem = quarterlyListProblem(goodsKronor, preceding);
  if (problem) throw fieldError("period", problem);
}

/** A buyer whose VAT number cannot stand on the list stops it, naming every invoice it concerns. */
function assertBuyersListable(list: EuSalesList) {
  if (list.problems.length === 0) return;
  const named = list.problems.map((p) => p.invoiceNumber ?? p.invoiceId).join(", ");
  throw new ApiError(
    "CONFLICT",
    {
      reason: "buyer_vat_number_invalid",
      invoices: list.problems.map((p) => ({
        invoice_id: p.invoiceId,
        invoice_number: p.invoiceNumber,
        customer_id: p.customerId,
        customer_name: p.customerName,
        vat_number: p.vatNumber,
        problem: p.problem,
      })),
    },
    `The EU sales list needs each buyer's valid EU VAT number; correct the customer of ${named}.`,
  ).withTexts({
    sv: `Periodisk sammanställning kräver köparens giltiga VAT-nummer i ett annat EU-land; rätta kunden på ${named}.`,
    hint: "Set the customer's vat_number (PATCH .../customers/{id}) and ask for the list again.",
  });
}

export interface EuSalesListResult {
  period: EuSalesPeriod;
  list: EuSalesList;
  /** momsdeklaration boxes 35, 38 and 39 of the same dates, whole kronor */
  boxes: Record<Column, number>;
}

/**
 * The list of a period, checked: a buyer without a valid VAT number refuses it (409 CONFLICT with
 * the invoices), and so does a quarter with goods above the quarterly limit (400 VALIDATION_ERROR).
 */
export async function euSalesList(db: Database, companyId: string, period: EuSalesPeriod): Promise<EuSalesListResult> {
  const [postings, moves] = await Promise.all([
    listPostings(db, companyId, period),
    vatDeclarationMovements(db, companyId, period),
  ]);
  const declared = declarationBoxes(moves);
  const boxes = { goods: declared["35"], triangulation: declared["38"], services: declared["39"] };
  await assertQuarterAllowed(db, companyId, period, boxes.goods + boxes.triangulation);
  const list = buildEuSalesList(postings);
  assertBuyersListable(list);
  return { period, list, boxes };
}

/**
 * The company's VAT number as the file takes it (its own setting, else SE + org number + 01; null
 * when not VAT registered) and its payroll contact.
 */
export async function reporterOf(db: Database, companyId: string) {
  const { companies: company, company_settings: settings } = await loadCompany(db, companyId);
  const vat = company.vatRegistered
    ? reporterVatNumber(settings.vatNumber ?? swedishVatNumber(company.orgNumber))
    : null;
  return { vat, payrollContact: payrollContactOf(settings) };
}

/** The file's contact: the query's, else the payroll contact; refused by field when it cannot stand on the file. */
function contactOf(
  q: { contact_name?: string; contact_phone?: string; contact_email?: string },
  fallback: { name: string; phone: string; email: string } | null,
): ListContact {
  const contact = {
    name: q.contact_name ?? fallback?.name ?? "",
    phone: (q.contact_phone ?? fallback?.phone ?? "").replace(/\s/g, ""),
    // a contact named in the query is not given the payroll contact's e-mail
    email: q.contact_email ?? (q.contact_name ? null : (fallback?.email ?? null)),
  };
  const problems = contactProblems(contact);
  if (problems.length) throw new ApiError("VALIDATION_ERROR", { fields: problems });
  return contact;
}

/**
 * The SKV 574008 file of a period, ISO 8859-1. Refused besides the list's own refusals: without a
 * contact (400), without the company's VAT number (409 reporter_vat_number_missing), and when the
 * boxes hold postings no invoice booked (409 unattributed_postings), since the file would then not
 * equal the declaration.
 */
export async function euSalesListFile(
  db: Database,
  companyId: string,
  period: EuSalesPeriod,
  q: { contact_name?: string; contact_phone?: string; contact_email?: string },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const reporter = await reporterOf(db, companyId);
  const contact = contactOf(q, reporter.payrollContact);
  if (!reporter.vat)
    throw new ApiError(
      "CONFLICT",
      { reason: "reporter_vat_number_missing" },
      "The company has no Swedish VAT number (vat_registered with an org_number, or settings.vat_number SE + 12 digits).",
    );
  const { list } = await euSalesList(db, companyId, period);
  if (list.unattributed.length)
    throw new ApiError(
      "CONFLICT",
      { reason: "unattributed_postings", journal_entry_ids: [...new Set(list.unattributed.map((u) => u.entryId))] },
      "Boxes 35, 38 or 39 hold postings that no invoice booked; the list would not equal the declaration.",
    );
  const text = euSalesListFileText({
    reporterVatNumber: reporter.vat,
    periodCode: period.code,
    contact,
    rows: list.rows,
  });
  const bytes = latin1Bytes(text);
  if (!bytes)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "contact_name", message: "the file is ISO 8859-1: characters outside it cannot be written" }],
    });
  return { bytes, fileName: `periodisk-sammanstallning-${period.code}.csv` };
}
