// The answers of the cash-flow statement and the key ratios.
import { z } from "@hono/zod-openapi";
import { DateSchema, KronorSchema } from "../../../http/fields";
import { PeriodRefSchema } from "../schemas";

const amount = KronorSchema;
const Line = z.strictObject({ key: z.string(), name: z.string(), amount }).openapi("CashFlowLine");

const CashFlowFigures = z.strictObject({
  operating: z.strictObject({
    lines: z.array(Line),
    before_working_capital: amount,
    working_capital: z.array(Line),
    total: amount,
  }),
  investing: z.strictObject({ lines: z.array(Line), total: amount }),
  financing: z.strictObject({ lines: z.array(Line), total: amount }),
  cash_flow: amount,
  cash_at_start: amount,
  cash_at_end: amount,
  cash_change: amount.openapi({ description: "the change of BAS 19 over the range" }),
  difference: amount.openapi({ description: "cash_change less cash_flow" }),
  reconciled: z.boolean(),
});

const Dated = { period: PeriodRefSchema, from_date: DateSchema, to_date: DateSchema };

export const CashFlowSchema = z
  .strictObject({
    ...Dated,
    is_preliminary: z.boolean(),
    ...CashFlowFigures.shape,
    prior_year: z.strictObject({ ...Dated, ...CashFlowFigures.shape }).nullable(),
  })
  .openapi("CashFlowStatement");

const KeyRatioFigures = z.strictObject({
  figures: z.strictObject({
    net_sales: amount,
    operating_result: amount,
    result_after_financial_items: amount,
    financial_costs: amount,
  }),
  ratios: z.array(
    z
      .strictObject({
        key: z.string(),
        name: z.string(),
        formula: z.string(),
        percent: z.number().nullable(),
        numerator: amount,
        denominator: amount,
      })
      .openapi("KeyRatio"),
  ),
});

export const KeyRatiosSchema = z
  .strictObject({
    ...Dated,
    ...KeyRatioFigures.shape,
    prior_year: z.strictObject({ ...Dated, ...KeyRatioFigures.shape }).nullable(),
  })
  .openapi("KeyRatios");
