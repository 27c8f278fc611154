// The minute sweep's command for one company: unpaid sent invoices past their due
// date become overdue, each with an audit row (the command's) and an event, through
// the company's writer like every other change of its books.
import { and, eq, inArray } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { invoices } from "../../db/schema";
import { invoiceJson, pastDueInvoices } from "./queries";

export const markInvoicesOverdue: Command<{ today: string }> = async (db, input, ctx) => {
  const due = await pastDueInvoices(db, ctx.companyId, input.today);
  const ids = due.map((r) => r.id);
  return {
    status: 200,
    data: { overdue: ids.length, invoice_ids: ids },
    // the status guard keeps a payment committed in between from being overwritten
    statements: ids.length
      ? [
          db
            .update(invoices)
            .set({ status: "overdue", updatedAt: ctx.now })
            .where(
              and(
                eq(invoices.companyId, ctx.companyId),
                inArray(invoices.id, ids),
                inArray(invoices.status, ["sent", "partially_paid"]),
              ),
            ),
        ]
      : [],
    events: due.map((r) => ({
      type: "invoice.overdue",
      object: invoiceJson({ ...r, status: "overdue", updatedAt: ctx.now }),
      previousAttributes: { status: r.status },
    })),
    audit: { action: "invoice.overdue_sweep", resourceType: "invoice", resourceId: null },
  };
};
