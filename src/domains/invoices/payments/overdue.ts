// The minute sweep's command for one company: unpaid sent invoices past their due
// date become overdue, each with an audit row (the command's) and an event, through
// the company's writer like every other change of its books (domains/open-items).
import type { Command } from "../../../commands/plan";
import { planOverdue } from "../../open-items";
import { pastDueInvoices, RECEIVABLES } from "../queries";

export const markInvoicesOverdue: Command<{ today: string }> = async (db, input, ctx) =>
  planOverdue(db, RECEIVABLES, await pastDueInvoices(db, ctx.companyId, input.today), ctx);
