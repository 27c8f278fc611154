import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
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
import { commandRoute, on } from "../../../http/route-table";

export const remindInvoice = commandRoute("invoices.remind", "id", {
  ...on.post(write, `${BASE}/{id}/reminder`, DOCS.remindInvoice),
  response: ReminderSchema,
  status: 201,
});

export const reminderPdfRoute = defineRoute({
  ...on.get(read, `${BASE}/{id}/reminders/{reminderId}/pdf`, DOCS.reminderPdf),
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
