// The OpenAPI prose of the fiscal periods' revaluation room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  revalueCurrenciesDescription: prose`
    Open receivables (1510) and payables (2440) in other currencies than SEK are re-rated at the
    Riksbank rate of as_of_date (default the period's end); the differences are posted to
    3960/7960 in one entry and the invoices' book values (exchange_rate, total_sek) follow.
    Refusals: FX_PERIOD_NOT_FOUND, FX_PERIOD_CLOSED, VALIDATION_ERROR (as_of_date outside the
    period), CURRENCY_REVALUATION_ALREADY_EXISTS. closing_rates states a currency's rate instead
    of the Riksbank's. A currency with neither fails the operation with
    FX_CLOSING_RATE_UNAVAILABLE. Nothing open: result.revaluation_entry_id null. A dry run
    (?dry_run=true or X-Dry-Run: true) is answered at once with 200: the same refusals, the
    revaluation the operation would make (its result and the entry's lines) at the rates of the
    moment, and nothing is queued, posted or stored.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  revalueCurrencies: {
    summary: "Revalue open foreign-currency receivables and payables (asynchronous)",
    description: PROSE.revalueCurrenciesDescription,
  },
};
