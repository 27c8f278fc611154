// The minute sweep's command for one company: unpaid, undisputed supplier invoices
// past their due date become overdue, audited and announced, through the writer.
import { and, eq, inArray } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { supplierInvoices } from "../../db/schema";
import { pastDueSupplierInvoices, supplierInvoiceJson } from "./queries";

export const markSupplierInvoicesOverdue: Command<{ today: string }> = async (db, input, ctx) => {
  const due = await pastDueSupplierInvoices(db, ctx.companyId, input.today);
  const ids = due.map((r) => r.id);
  return {
    status: 200,
    data: { overdue: ids.length, supplier_invoice_ids: ids },
    statements: ids.length
      ? [
          db
            .update(supplierInvoices)
            .set({ status: "overdue", updatedAt: ctx.now })
            .where(
              and(
                eq(supplierInvoices.companyId, ctx.companyId),
                inArray(supplierInvoices.id, ids),
                inArray(supplierInvoices.status, ["registered", "approved", "partially_paid"]),
              ),
            ),
        ]
      : [],
    events: due.map((r) => ({
      type: "supplier_invoice.overdue",
      object: supplierInvoiceJson({ ...r, status: "overdue", updatedAt: ctx.now }),
      previousAttributes: { status: r.status },
    })),
    audit: { action: "supplier_invoice.overdue_sweep", resourceType: "supplier_invoice", resourceId: null },
  };
};
