// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  getExchangeRateDescription: prose`
    rate = units of \`to\` per one unit of \`from\` on \`date\` (default today; a day without a
    fixing takes the latest fixing of the week before, shown as rate_date). Crosses between two
    foreign currencies go through SEK. No rate to be had: 502 FX_CLOSING_RATE_UNAVAILABLE with
    details.missingRates.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  getExchangeRate: {
    summary: "Exchange rate of a day (Riksbank)",
    description: PROSE.getExchangeRateDescription,
  },
};
