// A bank row matched to the customer or supplier invoice it pays.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { CompanyItemParams } from "../../../http/params";
import { TransactionSchema } from "../schemas";
import { MatchInvoiceSchema, MatchSupplierInvoiceSchema } from "./schemas";
import { BASE, write } from "../common";
import { commandRoute } from "../../../http/command-route";

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
  ...write,
  dryRun: false,
  method: "post",
  path: `${BASE}/{id}/match-invoice`,
  summary: "Match an inflow to the customer invoice it pays",
  description: PROSE.matchInvoiceDescription,
  params: CompanyItemParams,
  body: MatchInvoiceSchema,
  bodyRequired: false,
  response: MatchOut,
});

const matchSupplierInvoice = commandRoute("bank_transactions.match_supplier_invoice", "body+id", {
  ...write,
  dryRun: false,
  method: "post",
  path: `${BASE}/{id}/match-supplier-invoice`,
  summary: "Match an outflow to the supplier invoice it pays",
  description: PROSE.matchSupplierInvoiceDescription,
  params: CompanyItemParams,
  body: MatchSupplierInvoiceSchema,
  response: MatchOut.omit({
    invoice_id: true,
    invoice_status: true,
    overpayment: true,
    overpayment_journal_entry_id: true,
  }).extend({ supplier_invoice_id: z.string(), supplier_invoice_status: z.string() }),
});

export function registerMatchingRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(matchInvoice.route, matchInvoice.handler);
  app.openapi(matchSupplierInvoice.route, matchSupplierInvoice.handler);
}
