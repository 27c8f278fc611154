// What the article routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";
import { AmountSchema } from "../../http/fields";

export const ArticleFields = z.object({
  number: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1).max(200),
  unit: z.string().trim().min(1).max(20),
  default_price: AmountSchema,
  vat_rate: z.number().openapi({ description: "0.25, 0.12, 0.06 or 0" }),
  revenue_account: z
    .string()
    .regex(/^3\d{3}$/, "a class-3 BAS account")
    .openapi({
      example: "3001",
      description:
        "the account of a domestic sale; must agree with vat_rate where the BAS name fixes the rate (3001 25 %, 3002 12 %, 3003 6 %, 3004 0 %). An invoice to a customer abroad books the account of its VAT treatment instead",
    }),
  supply_type: z.enum(["goods", "services"]).openapi({
    description:
      "goods or services (default services): with the customer's location it decides an invoice line's VAT treatment",
  }),
});
export const ArticleInputSchema = ArticleFields.extend({
  unit: ArticleFields.shape.unit.default("st"),
  revenue_account: ArticleFields.shape.revenue_account.optional().openapi({
    example: "3001",
    description:
      "the account of a domestic sale; default the BAS account of vat_rate (3001 25 %, 3002 12 %, 3003 6 %, 3004 0 % momsfri), as an invoice line without an article takes. Must agree with vat_rate where the BAS name fixes the rate. An invoice to a customer abroad books the account of its VAT treatment instead",
  }),
  supply_type: ArticleFields.shape.supply_type.optional(),
});
export const ArticlePatchSchema = ArticleFields.partial().extend({ archived_at: z.null().optional() }).strict();

export type ArticleInput = z.infer<typeof ArticleInputSchema>;
export type ArticlePatchInput = z.infer<typeof ArticlePatchSchema>;
