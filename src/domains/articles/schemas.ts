// What the article routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
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
      description: PROSE.revenueAccountArticleField,
    }),
  supply_type: z.enum(["goods", "services"]).openapi({
    description: PROSE.supplyTypeField,
  }),
});
export const ArticleInputSchema = ArticleFields.extend({
  unit: ArticleFields.shape.unit.default("st"),
  revenue_account: ArticleFields.shape.revenue_account.optional().openapi({
    example: "3001",
    description: PROSE.revenueAccountInputField,
  }),
  supply_type: ArticleFields.shape.supply_type.optional(),
});
export const ArticlePatchSchema = ArticleFields.partial().extend({ archived_at: z.null().optional() }).strict();

export type ArticleInput = z.infer<typeof ArticleInputSchema>;
export type ArticlePatchInput = z.infer<typeof ArticlePatchSchema>;
