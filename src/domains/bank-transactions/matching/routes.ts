// A bank row matched to the customer or supplier invoice it pays.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { AppEnv } from "../../../http/context";
import { TransactionSchema } from "../schemas";
import { MatchInvoiceSchema, MatchSupplierInvoiceSchema } from "./schemas";
import { BASE, write } from "../common";
import { commandRoute, on, registerRoutes } from "../../../http/route-table";

const MatchOut = z.object({
  success: z.boolean(),
  transaction_id: z.string(),
  invoice_id: z.string(),
  invoice_status: z.string(),
  paid_amount: z.number(),
  remaining_amount: z.number(),
  journal_entry_id: z.string(),
  overpayment: z.number(),
  overpayment_journal_entry_id: z.string().nullable(),
  exchange_rate_difference: z.number(),
  reversed_journal_entry_id: z.string().nullable(),
  category: z.string(),
  transaction: TransactionSchema,
});

const matchInvoice = commandRoute("bank_transactions.match_invoice", "body+id", {
  ...on.post(write, `${BASE}/{id}/match-invoice`, DOCS.matchInvoice),
  dryRun: false,
  body: MatchInvoiceSchema,
  bodyRequired: false,
  response: MatchOut,
});

const matchSupplierInvoice = commandRoute("bank_transactions.match_supplier_invoice", "body+id", {
  ...on.post(write, `${BASE}/{id}/match-supplier-invoice`, DOCS.matchSupplierInvoice),
  dryRun: false,
  body: MatchSupplierInvoiceSchema,
  response: MatchOut.omit({
    invoice_id: true,
    invoice_status: true,
    overpayment: true,
    overpayment_journal_entry_id: true,
  }).extend({ supplier_invoice_id: z.string(), supplier_invoice_status: z.string() }),
});

export function registerMatchingRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [matchInvoice, matchSupplierInvoice]);
}
