// "Reverse a payment registered by mistake" is one route in two registers: customer
// invoices and supplier invoices. What they share is declared here once: the path below
// the invoice, the parameters, the body (PaymentReverseSchema), the fields every answer
// adds to the invoice, and how the handler reads its command's input. Each domain names
// its own handler, command, description and invoice schema; nothing here knows either.
import { z } from "@hono/zod-openapi";
import { PaymentReverseSchema } from "./fields";
import { PaymentParams } from "./params";
import { prose } from "./prose";
import { defineRoute, type HandlerContext, type RouteSpec } from "./route";
import { on } from "./route-table";

/** What both answers add to their invoice: the payment as it was, the storno and the bank row set free. */
const ReversedPaymentFields = {
  reversed_payment: z.unknown(),
  reversal_journal_entry_id: z.string(),
  bank_transaction_id: z.string().nullable(),
};

// biome-ignore lint/suspicious/noExplicitAny: any shape of invoice schema
type InvoiceObject = z.ZodObject<any>;

export interface PaymentReversalSpec<S extends InvoiceObject> {
  /** the register's write options (tag, scope, company access, idempotency, dry-run) */
  write: Pick<RouteSpec, "tag" | "scope" | "company" | "idempotency" | "dryRun">;
  /** the invoices' collection path, e.g. /api/v1/companies/{companyId}/invoices */
  base: string;
  /** how the register names its invoice in the description: "invoice", "supplier invoice" */
  noun: string;
  /** the statuses the invoice returns to, e.g. "status sent, overdue or partially paid" */
  statusesAfter: string;
  /** what else the bank row's unmatching undoes, in parentheses after it; "" for nothing */
  bankRowNote: string;
  /** the event the reversal emits */
  event: string;
  /** the invoice as the register answers it */
  invoice: S;
  /** fields of this register's own that its reversal adds after the shared ones */
  moreFields?: z.ZodRawShape;
}

/** The route's description: what the reversal does, in the register's words. */
function reversalDescription(spec: Omit<PaymentReversalSpec<InvoiceObject>, "write" | "base" | "invoice">): string {
  const note = spec.bankRowNote ? ` (${spec.bankRowNote})` : "";
  return prose`
    The payment's entry is reversed by a storno dated reversal_date (default today, in an open
    period, not before the payment); the ${spec.noun} returns to what it would be without the
    payment (paid_amount down; ${spec.statusesAfter}, or still paid/credited when credits cover
    it), and a bank row matched to the payment becomes unmatched${note}. The payment stays in
    expand=payments with reversed: true. Unknown payment: NOT_FOUND; a second reverse:
    ENTRY_ALREADY_REVERSED; cash method: later payments first (CONFLICT). Emits ${spec.event}.
  `;
}

/** POST {base}/{id}/payments/{paymentId}/reverse, answering the invoice with the reversal's fields. */
export function paymentReversalRoute<S extends InvoiceObject>(spec: PaymentReversalSpec<S>) {
  return defineRoute({
    ...on.post(spec.write, `${spec.base}/{id}/payments/{paymentId}/reverse`, {
      summary: "Reverse a payment registered by mistake (makulera betalning)",
      description: reversalDescription(spec),
    }),
    params: PaymentParams,
    body: PaymentReverseSchema,
    bodyRequired: false,
    response: spec.invoice.extend({ ...ReversedPaymentFields, ...spec.moreFields }),
  });
}

type PaymentReversalRoute = ReturnType<typeof paymentReversalRoute>;

/** The reversal command's input: the body, the invoice's id and the payment's id. */
export function paymentReversalInput(c: HandlerContext<PaymentReversalRoute>) {
  const { id, paymentId } = c.req.valid("param");
  return { ...c.req.valid("json"), id, payment_id: paymentId };
}
