// The minute sweep's command for one company: unpaid, undisputed supplier invoices
// past their due date become overdue, audited and announced, through the writer
// (domains/open-items).
import type { Command } from "../../../commands/plan";
import { planOverdue } from "../../open-items";
import { PAYABLES, pastDueSupplierInvoices } from "../queries";

export const markSupplierInvoicesOverdue: Command<{ today: string }> = async (db, input, ctx) =>
  planOverdue(db, PAYABLES, await pastDueSupplierInvoices(db, ctx.companyId, input.today), ctx);
