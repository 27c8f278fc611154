// The bank's files handed to the payment loop, as JSON: the XML as text.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema } from "../../../http/fields";

/** At most 5 MB of XML (a camt.053 of a busy month stays far below). */
export const MAX_XML_CHARS = 5_000_000;

export const StatusReportSchema = z
  .object({
    xml_text: z.string().min(1).max(MAX_XML_CHARS).openapi({ description: "the pain.002 document as text (UTF-8)" }),
  })
  .strict()
  .openapi("PaymentStatusReport");

export const BankNotificationSchema = z
  .object({
    xml_text: z
      .string()
      .min(1)
      .max(MAX_XML_CHARS)
      .openapi({ description: "a camt.054 (debit/credit notification) or camt.053 (statement), .001.02 to .001.08" }),
    settlement_account: AccountNumberSchema.default("1930").openapi({
      description: "the BAS account of the bank account the file is about",
    }),
  })
  .strict()
  .openapi("BankNotificationImport");

export type StatusReportInput = z.infer<typeof StatusReportSchema>;
export type BankNotificationInput = z.infer<typeof BankNotificationSchema>;
