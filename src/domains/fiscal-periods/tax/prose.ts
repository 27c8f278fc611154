// The OpenAPI prose of the fiscal periods' tax room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  calculateTaxDescription: prose`
    From the books: the result before tax (classes 3-8 less 89xx), plus the non-deductible costs
    (6072, 6982, 6992, 7622, 7623, 7632, 5099, 5199, 6342, 8423), less the tax-free interest
    (8254, 8314), plus the schablonintäkt on the funds held at the year's start
    (statslaneranta), less previous_year_loss; then the periodiseringsfond asked for (8811 /
    212x) and the mandatory reversal of funds six years old (212x / 8819), and the tax 20.6 % of
    the taxable income rounded down to hundreds (8910 / 2512), one entry on the year's last day
    (allowed in a locked period). Dry-run answers the whole calculation and writes nothing.
    Refusals: TAX_ENTITY_TYPE_MISMATCH (not an aktiebolag), TAX_AFTER_YEAR_END (the closing
    entry is made), TAX_ALREADY_CALCULATED, VALIDATION_ERROR (statslaneranta missing while funds
    are held; a fund above the largest, details.max_periodiseringsfond). See docs/tax.md.
  `,
  TaxBodyDescription: prose`
    true: the largest fund allowed (25 % of the surplus before the allocation, IL 30 kap 5 §); a
    whole number of kronor up to it; absent or false: none
  `,
  TaxBodyDescription2: prose`
    percent: the statslåneränta at the end of November of the year before the calendar year the
    fiscal year ends in (IL 30 kap 6 a §; at least 0.5 % is used); required while
    periodiseringsfonder are held at the year's start
  `,
  neDescription: prose`
    R1-R10 by BAS account range (R1 sales of a VAT-registered trader, R2 of one not registered,
    R3 0), R11 the booked result, R12 = R11, R13 the non-deductible costs (6072, 6982, 6992,
    8423, ...), R14 the tax-free income (8314, 8254); B1-B16 the closing balances by BAS range
    (B10 eget kapital with the result not yet closed to it, as account "result"); each figure
    names its accounts. Nothing is booked: an enskild firma books no tax, and egenavgifter are
    not in its books. An aktiebolag: TAX_ENTITY_TYPE_MISMATCH (its tax is POST .../tax). See
    docs/tax.md.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  calculateTax: {
    summary: "Calculate and book the corporate tax of an aktiebolag's year (before the year-end)",
    description: PROSE.calculateTaxDescription,
  },
  getTax: {
    summary: "The stored corporate-tax calculation of a year",
    description: "As POST .../tax answered it. NOT_FOUND until the tax is calculated.",
  },
  getNe: {
    summary: "The NE-bilaga figures of a sole trader's year (R1-R14 and the balance sheet B1-B16), from the books",
    description: PROSE.neDescription,
  },
};
