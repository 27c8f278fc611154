// The payment loop's routes: the proposal, the batches and their files, the bank's pain.002 for a
// batch, and the camt.054 / camt.053 that book the payments.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { storedDocumentFile } from "../../documents";
import { salaryRunsToPay } from "../../payroll";
import { BASE, read, write } from "../common";
import { BankNotificationSchema, StatusReportSchema } from "../status-reports/schemas";
import { paymentProposal } from "./commands";
import { DOCS } from "./prose";
import { batchHeadJson, batchJson, lineJson, linesOfInvoice, listBatches, loadBatch } from "./queries";
import {
  BatchLineSchema,
  BatchListSchema,
  BatchSchema,
  PaymentBatchCreateSchema,
  ProposalQuery,
  ProposalSchema,
} from "./schemas";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../../http/route-table";

const proposalRoute = defineRoute({
  ...on.get(read, `${BASE}/proposal`, DOCS.proposal),
  query: ProposalQuery,
  response: ProposalSchema,
});

async function getProposal(c: HandlerContext<typeof proposalRoute>) {
  const q = c.req.valid("query");
  const dueBy = q.due_by ?? todayUtc();
  const db = database(c.env);
  const companyId = c.get("company").id;
  const proposal = await paymentProposal(db, companyId, dueBy);
  if (q.include_salaries !== "true") return json(c, proposal);
  return json(c, { ...proposal, salary_runs: await salaryRunsToPay(db, companyId, dueBy) });
}

const room = routeRoom(BASE, { read, write });

const createBatch = room.create("payment_batches.create", DOCS.createBatch, PaymentBatchCreateSchema, BatchSchema);

const listRoute = room.list(DOCS.list, null, BatchListSchema);

async function listPaymentBatches(c: HandlerContext<typeof listRoute>) {
  const rows = await listBatches(database(c.env), c.get("company").id);
  return json(c, rows.map(batchHeadJson));
}

const linesRoute = defineRoute({
  ...on.get(read, `${BASE}/lines`, DOCS.lines),
  query: z.object({ supplier_invoice_id: z.string().min(1) }).strict(),
  response: z.array(BatchLineSchema.extend({ batch_id: z.string() })),
});

async function linesOfSupplierInvoice(c: HandlerContext<typeof linesRoute>) {
  const rows = await linesOfInvoice(database(c.env), c.get("company").id, c.req.valid("query").supplier_invoice_id);
  return json(
    c,
    rows.map((l) => ({ ...lineJson(l), batch_id: l.batchId })),
  );
}

const getRoute = room.get(DOCS.get, BatchSchema);

async function getBatch(c: HandlerContext<typeof getRoute>) {
  const { batch, lines } = await loadBatch(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, batchJson(batch, lines));
}

const fileRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}/file`, DOCS.file),
  response: null,
});

async function batchFile(c: HandlerContext<typeof fileRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { batch } = await loadBatch(db, companyId, c.req.valid("param").id);
  const body = await storedDocumentFile(c.env, db, companyId, batch.fileDocumentId);
  if (!body) throw new ApiError("NOT_FOUND", { resource: "payment_batch_file", id: batch.fileDocumentId });
  return fileResponse(c, body, "application/xml", batch.fileName);
}

const importStatusReport = commandRoute("payment_batches.status_report", "body+id", {
  ...on.post(write, `${BASE}/{id}/status-report`, DOCS.importStatusReport),
  body: StatusReportSchema,
  response: BatchSchema.extend({
    report: z.object({
      message_id: z.string().nullable(),
      version: z.string(),
      original_message_id: z.string().nullable(),
      group_status: z.string().nullable(),
      accepted: z.number(),
      rejected: z.number(),
    }),
  }),
});

const importBankNotification = commandRoute("payment_batches.bank_notification", "body", {
  ...on.post(write, "/api/v1/companies/{companyId}/bank-notifications", DOCS.importBankNotification),
  scope: "transactions:write",
  body: BankNotificationSchema,
  response: z.object({
    format: z.string(),
    rows_read: z.number(),
    rows_stored: z.number(),
    rows_skipped_duplicate: z.number(),
    supplier_payments_booked: z.number(),
    customer_payments_booked: z.number(),
    rows_unbooked: z.number(),
    results: z.array(z.record(z.string(), z.unknown())),
    warnings: z.array(z.string()),
  }),
});

export function registerPaymentBatchRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(proposalRoute, getProposal),
    handled(linesRoute, linesOfSupplierInvoice),
    createBatch,
    handled(listRoute, listPaymentBatches),
    handled(getRoute, getBatch),
    handled(fileRoute, batchFile),
    importStatusReport,
    importBankNotification,
  ]);
}
