// The OpenAPI prose of the fixed asset routes and schemas, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createDescription: prose`
    By hand: name, category, acquisition_date, acquisition_value, useful_life_months (not for
    mark). From a supplier invoice: supplier_invoice_id and line_index (from 0); the line's
    account must be an asset account (1010-1299) and the value is the line's net amount in SEK.
    Accounts default per category (inventarier 1220/1229/7832, datorer 1224/1229/7832, byggnader
    1110/1119/7820, mark 1130, immateriella 1010/1019/7810). Registering does NOT book the
    acquisition (the supplier invoice or the accountant did); book_acquisition: true with
    counter_account books it on a hand registration. Depreciation starts in depreciation_start
    (default the acquisition month, counted in full). A line registered twice is CONFLICT
    (reason line_already_registered).
  `,
  registerSummary: prose`
    The fixed-asset register (anläggningsregister) at a date, per asset and per account, checked
    against the ledger
  `,
  registerDescription: prose`
    For the fiscal year covering as_of, up to as_of: opening value, additions, disposals,
    depreciation and closing value per asset; per account (asset and accumulated depreciation
    accounts) the register's balance against the ledger's, with matches_ledger and the
    differences.
  `,
  runSummary: prose`
    Book the plan's depreciation of a month or of months within one fiscal year (one entry for
    every asset)
  `,
  runDescription: prose`
    Body: period_from and period_to (YYYY-MM, default period_from), within one fiscal year, not
    after the current month. One entry dated the last day: Debit the cost accounts / Credit the
    accumulated depreciation accounts, each asset's plan through period_to less what is booked
    for it (never below a zero residual value). A month already in a run is 409
    FIXED_ASSET_PERIOD_ALREADY_DEPRECIATED. A dry run shows the entry's lines.
  `,
  taxDescription: prose`
    Body: fiscal_period_id, opening_tax_value (default the previous year's closing tax value
    booked here, else 0), rule (30 or 20; default the one allowing more), amount (default the
    rule's maximum). Inventarier are the categories inventarier and datorer. The 30-regeln (IL
    18 kap. 13-14 §§): the closing value at least 70 % of opening + additions − sale proceeds
    (scaled for a year of other than 12 months); the 20-regeln (18 kap. 17 §): at least the held
    inventarier's acquisition values less 20 % for each year from the acquisition year. The
    difference between the tax depreciation and the plan's depreciation of the year is booked on
    the year's last day: Debit 8853 / Credit 2153, or the reverse. One per fiscal year (CONFLICT
    reason tax_depreciation_exists). A dry run shows both rules, the chosen one and the entry.
  `,
  disposeDescription: prose`
    Body: date, sale_price (0 = scrapped), settlement_account (required with a price). One
    entry: the plan's depreciation still owed through the disposal month, Debit accumulated
    depreciation / Credit the asset account at the acquisition value, Debit the settlement
    account with the price, and the difference to the book value as a gain (3973 inventarier,
    3972 byggnader och mark, 3971 immateriella) or a loss (7973, 7972, 7971). An asset disposed
    of already is CONFLICT (reason already_disposed).
  `,
  openingAccumulatedDepreciation: prose`
    an opening asset of a taken-over company: acquired before the company's first fiscal year
    here, registered as of that year's first day with the accumulated depreciation the opening
    balances carry for it (0 allowed); nothing is posted. Hand registration only
  `,
  openingTaxValue: prose`
    the inventarier's tax value at the previous year's end; default the closing value of the
    previous year's tax depreciation here, else 0
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  registerFixedAsset: {
    summary: "Register a fixed asset (anläggningstillgång) by hand or from a supplier invoice's line",
    description: PROSE.createDescription,
  },
  list: {
    summary: "List the fixed assets, oldest registration first",
  },
  register: {
    summary: PROSE.registerSummary,
    description: PROSE.registerDescription,
  },
  createDepreciationRun: {
    summary: PROSE.runSummary,
    description: PROSE.runDescription,
  },
  createTaxDepreciation: {
    summary: "Book the year's tax depreciation of inventarier (30- or 20-regeln) as överavskrivningar",
    description: PROSE.taxDescription,
  },
  get: {
    summary: "Get a fixed asset",
  },
  disposeFixedAsset: {
    summary: "Sell or scrap a fixed asset: depreciation to the month, removal, gain or loss",
    description: PROSE.disposeDescription,
  },
};
