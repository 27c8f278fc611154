// The EU sales list (periodisk sammanställning, SKV 5740) of a month or quarter, as JSON beside the
// momsdeklaration's boxes 35, 38 and 39, and as Skatteverket's upload file (SKV 574008).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { fromOre } from "../../../money";
import { COLUMN_BOX, type EuSalesPeriod, parseEuSalesPeriod } from "../../../sweden/eu-sales-list";
import { type EuSalesListResult, euSalesList, euSalesListFile, reporterOf } from "../eu-sales-list";
import { EuSalesListFileQuery, EuSalesListQuery, EuSalesListSchema } from "../schemas";
import { READ } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";
import { DOCS } from "./prose";

const EU_SALES_LISTS = "/api/v1/companies/{companyId}/eu-sales-lists";

const REFUSALS =
  "A buyer (the customer of an invoice or credit note in the period) without a valid VAT " +
  "number of another EU member state stops the list: 409 CONFLICT, details.reason " +
  "buyer_vat_number_invalid, details.invoices naming each invoice, its customer and the " +
  "problem. " +
  "A quarter is refused (400 VALIDATION_ERROR on period) when it has goods and the goods of " +
  "the quarter or of any of the four before it exceed 500 000 kr (35 kap. 4 § SFL: goods are " +
  "reported by month).";

const euSalesListRoute = defineRoute({
  ...on.get(READ, EU_SALES_LISTS, DOCS.euSalesList),
  description:
    "Per buyer VAT number the goods (box 35), triangulation (box 38) and services (box 39) in " +
    "whole kronor, SEK as booked, from the lines on the boxes' accounts that the period's " +
    "invoices, credit notes (negative) and their payments (cash method) booked. " +
    "Each column is put in whole kronor so that it adds up to its box (largest remainder); " +
    "unattributed lists postings on those accounts that no invoice booked. " +
    REFUSALS,
  query: EuSalesListQuery,
  response: EuSalesListSchema,
});

const euSalesListFileRoute = defineRoute({
  ...on.get(READ, `${EU_SALES_LISTS}/file`, DOCS.euSalesListFile),
  description:
    "Line 1 SKV574008; line 2 the company's VAT number, the period code (YYMM or YY-Q), the " +
    "contact's name, phone and e-mail; then per buyer VAT number;goods;triangulation;services; " +
    "(an empty column: no such sale). Lines end CR LF. " +
    "The contact comes from contact_name/contact_phone/contact_email, else the company's payroll contact. " +
    REFUSALS +
    " Also 409 CONFLICT with details.reason reporter_vat_number_missing (a company without a " +
    "Swedish VAT number) or unattributed_postings (the boxes hold postings no invoice booked, " +
    "so the file would not equal the declaration).",
  query: EuSalesListFileQuery,
  response: null,
});

/** The period asked for; the schema's pattern already holds, so this only turns it into dates. */
function periodOf(text: string): EuSalesPeriod {
  const period = parseEuSalesPeriod(text);
  if (!period) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "period", message: "YYYY-MM or YYYY-Qn" }] });
  return period;
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
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [result, reporter] = await Promise.all([euSalesList(db, companyId, period), reporterOf(db, companyId)]);
  return json(c, listJson(result, reporter.vat));
}

async function getEuSalesListFile(c: HandlerContext<typeof euSalesListFileRoute>) {
  const q = c.req.valid("query");
  const { bytes, fileName } = await euSalesListFile(database(c.env), c.get("company").id, periodOf(q.period), q);
  return fileResponse(c, bytes, "text/csv; charset=iso-8859-1", fileName);
}

export function registerEuSalesListRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(euSalesListRoute, getEuSalesList), handled(euSalesListFileRoute, getEuSalesListFile)]);
}
