import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { ReminderSchema } from "./schemas";
import { nowIso } from "../../../clock";
import { database } from "../../../db/client";
import { CompanyItemParams } from "../../../http/params";
import { fileResponse } from "../../../http/file-response";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { reminderPdfBytes } from "../issue/document";
import { reminderFileName } from "./commands";
import { loadReminder } from "./queries";
import { loadInvoice } from "../queries";
import { BASE, read, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const remindInvoice = commandRoute("invoices.remind", "id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/reminder`,
  summary: "Send a payment reminder (påminnelse) for an overdue invoice",
  description: PROSE.remindInvoiceDescription,
  params: CompanyItemParams,
  response: ReminderSchema,
  status: 201,
});

export const reminderPdfRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}/reminders/{reminderId}/pdf`,
  summary: "A payment reminder as PDF",
  description: PROSE.reminderPdfDescription,
  params: CompanyItemParams.extend({ reminderId: z.string() }),
  response: null,
});

export async function reminderPdf(c: HandlerContext<typeof reminderPdfRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { id, reminderId } = c.req.valid("param");
  const row = await loadInvoice(db, companyId, id);
  const reminder = await loadReminder(db, companyId, id, reminderId);
  const bytes = await reminderPdfBytes(db, row, reminder, nowIso());
  return fileResponse(c, bytes, "application/pdf", reminderFileName(row, reminder));
}
