// The EU sales list (periodisk sammanställning, SKV 5740) of a month or quarter, as JSON beside the
// momsdeklaration's boxes 35, 38 and 39, and as Skatteverket's upload file (SKV 574008).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { fromOre } from "../../../money";
import {
  COLUMN_BOX,
  contactProblems,
  type EuSalesPeriod,
  euSalesListFileText,
  type ListContact,
  latin1Bytes,
  parseEuSalesPeriod,
  reporterVatNumber,
} from "../../../sweden/eu-sales-list";
import { loadCompany, payrollContactOf } from "../../companies";
import { swedishVatNumber } from "../../invoices";
import { type EuSalesListResult, euSalesList } from "../eu-sales-list";
import { EuSalesListFileQuery, EuSalesListQuery, EuSalesListSchema } from "../schemas";
import { READ } from "./common";

const EU_SALES_LISTS = "/api/v1/companies/{companyId}/eu-sales-lists";

const REFUSALS =
  "A buyer (the customer of an invoice or credit note in the period) without a valid VAT number of another EU member state stops the list: 409 CONFLICT, details.reason buyer_vat_number_invalid, details.invoices naming each invoice, its customer and the problem. " +
  "A quarter is refused (400 VALIDATION_ERROR on period) when it has goods and the goods of the quarter or of any of the four before it exceed 500 000 kr (35 kap. 4 § SFL: goods are reported by month).";

const euSalesListRoute = defineRoute({
  ...READ,
  path: EU_SALES_LISTS,
  summary: "Periodisk sammanställning (SKV 5740): EU sales per buyer VAT number, beside boxes 35/38/39",
  description:
    "Per buyer VAT number the goods (box 35), triangulation (box 38) and services (box 39) in whole kronor, SEK as booked, from the lines on the boxes' accounts that the period's invoices, credit notes (negative) and their payments (cash method) booked. " +
    "Each column is put in whole kronor so that it adds up to its box (largest remainder); unattributed lists postings on those accounts that no invoice booked. " +
    REFUSALS,
  query: EuSalesListQuery,
  response: EuSalesListSchema,
});

const euSalesListFileRoute = defineRoute({
  ...READ,
  path: `${EU_SALES_LISTS}/file`,
  summary: "Periodisk sammanställning as Skatteverket's upload file (SKV 574008, ISO 8859-1)",
  description:
    "Line 1 SKV574008; line 2 the company's VAT number, the period code (YYMM or YY-Q), the contact's name, phone and e-mail; then per buyer VAT number;goods;triangulation;services; (an empty column: no such sale). Lines end CR LF. " +
    "The contact comes from contact_name/contact_phone/contact_email, else the company's payroll contact. " +
    REFUSALS +
    " Also 409 CONFLICT with details.reason reporter_vat_number_missing (a company without a Swedish VAT number) or unattributed_postings (the boxes hold postings no invoice booked, so the file would not equal the declaration).",
  query: EuSalesListFileQuery,
  response: null,
});

/** The period asked for; the schema's pattern already holds, so this only turns it into dates. */
function periodOf(text: string): EuSalesPeriod {
  const period = parseEuSalesPeriod(text);
  if (!period) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "period", message: "YYYY-MM or YYYY-Qn" }] });
  return period;
}

/** The company's VAT number as the file takes it: its own setting, else SE + org number + 01; null when not VAT registered. */
async function reporterOf(c: Context<AppEnv>) {
  const { companies: company, company_settings: settings } = await loadCompany(database(c.env), c.get("company").id);
  const vat = company.vatRegistered
    ? reporterVatNumber(settings.vatNumber ?? swedishVatNumber(company.orgNumber))
    : null;
  return { vat, payrollContact: payrollContactOf(settings) };
}

function listJson(r: EuSalesListResult, reporter: string | null) {
  const { period, list, boxes } = r;
  return {
    period: period.label,
    period_kind: period.kind,
    period_code: period.code,
    from_date: period.from,
    to_date: period.to,
    reporter_vat_number: reporter,
    rows: list.rows.map((row) => ({
      buyer_vat_number: row.buyerVatNumber,
      country: row.country,
      goods_amount: row.amounts.goods,
      triangulation_amount: row.amounts.triangulation,
      services_amount: row.amounts.services,
      invoice_ids: row.invoiceIds,
    })),
    totals: {
      goods_amount: list.totals.goods,
      triangulation_amount: list.totals.triangulation,
      services_amount: list.totals.services,
    },
    declaration_boxes: { "35": boxes.goods, "38": boxes.triangulation, "39": boxes.services },
    matches_declaration:
      list.totals.goods === boxes.goods &&
      list.totals.triangulation === boxes.triangulation &&
      list.totals.services === boxes.services,
    unattributed: list.unattributed.map((u) => ({
      journal_entry_id: u.entryId,
      box: COLUMN_BOX[u.column],
      amount: fromOre(u.amountOre),
    })),
  };
}

async function getEuSalesList(c: HandlerContext<typeof euSalesListRoute>) {
  const period = periodOf(c.req.valid("query").period);
  const [result, reporter] = await Promise.all([
    euSalesList(database(c.env), c.get("company").id, period),
    reporterOf(c),
  ]);
  return json(c, listJson(result, reporter.vat));
}

/** The file's contact: the query's, else the payroll contact; refused by field when it cannot stand on the file. */
function contactOf(
  q: { contact_name?: string; contact_phone?: string; contact_email?: string },
  fallback: { name: string; phone: string; email: string } | null,
): ListContact {
  const contact = {
    name: q.contact_name ?? fallback?.name ?? "",
    phone: (q.contact_phone ?? fallback?.phone ?? "").replace(/\s/g, ""),
    email: q.contact_email ?? (q.contact_name ? null : (fallback?.email ?? null)),
  };
  const problems = contactProblems(contact);
  if (problems.length) throw new ApiError("VALIDATION_ERROR", { fields: problems });
  return contact;
}

async function getEuSalesListFile(c: HandlerContext<typeof euSalesListFileRoute>) {
  const q = c.req.valid("query");
  const period = periodOf(q.period);
  const reporter = await reporterOf(c);
  const contact = contactOf(q, reporter.payrollContact);
  if (!reporter.vat)
    throw new ApiError(
      "CONFLICT",
      { reason: "reporter_vat_number_missing" },
      "The company has no Swedish VAT number (vat_registered with an org_number, or settings.vat_number SE + 12 digits).",
    );
  const result = await euSalesList(database(c.env), c.get("company").id, period);
  if (result.list.unattributed.length)
    throw new ApiError(
      "CONFLICT",
      {
        reason: "unattributed_postings",
        journal_entry_ids: [...new Set(result.list.unattributed.map((u) => u.entryId))],
      },
      "Boxes 35, 38 or 39 hold postings that no invoice booked; the list would not equal the declaration.",
    );
  const text = euSalesListFileText({
    reporterVatNumber: reporter.vat,
    periodCode: period.code,
    contact,
    rows: result.list.rows,
  });
  const bytes = latin1Bytes(text);
  if (!bytes)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "contact_name", message: "the file is ISO 8859-1: characters outside it cannot be written" }],
    });
  return fileResponse(c, bytes, "text/csv; charset=iso-8859-1", `periodisk-sammanstallning-${period.code}.csv`);
}

export function registerEuSalesListRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(euSalesListRoute, getEuSalesList);
  app.openapi(euSalesListFileRoute, getEuSalesListFile);
}
