import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import Big from "big.js";
import { todayUtc } from "../../clock";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { CurrencySchema, DateSchema } from "../../http/fields";
import { sekRate } from "./rates";
import { handled, on, registerRoutes } from "../../http/route-table";

const READ = { tag: "Lookups", scope: "reports:read", company: true } as const;

const getExchangeRateRoute = defineRoute({
  ...on.get(READ, "/api/v1/companies/{companyId}/currency/rate", DOCS.getExchangeRate),
  query: z.object({ from: CurrencySchema, to: CurrencySchema.default("SEK"), date: DateSchema.optional() }).strict(),
  response: z.object({
    from: z.string(),
    to: z.string(),
    date: z.string(),
    rate: z.number(),
    rate_date: z.string(),
    source: z.string(),
  }),
});

async function getExchangeRate(c: HandlerContext<typeof getExchangeRateRoute>) {
  const q = c.req.valid("query");
  const date = q.date ?? todayUtc();
  const [from, to] = await Promise.all([sekRate(c.env, q.from, date), sekRate(c.env, q.to, date)]);
  const missing = [!from && q.from, !to && q.to]
    .filter((x): x is string => !!x)
    .map((currency) => ({ currency, date }));
  if (!from || !to) throw new ApiError("FX_CLOSING_RATE_UNAVAILABLE", { missingRates: missing });
  const rate = new Big(from.rate).div(to.rate).round(6, Big.roundHalfUp);
  const rateDate =
    [from, to]
      .filter((r) => r.currency !== "SEK")
      .map((r) => r.date)
      .sort()[0] ?? date;
  return json(c, {
    from: q.from,
    to: q.to,
    date,
    rate: Number(rate.toString()),
    rate_date: rateDate,
    source: "riksbank",
  });
}

export function registerCurrencyRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(getExchangeRateRoute, getExchangeRate)]);
}
