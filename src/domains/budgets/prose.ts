// The OpenAPI descriptions of the budget routes (routes.ts) and fields (schemas.ts).
import { prose } from "../../http/prose";

const LINES = prose`
  A line is an account of the chart (ACCOUNTS_NOT_IN_CHART), a month inside the fiscal year
  (VALIDATION_ERROR) and an amount with the ledger's sign (debit positive: a revenue budget is
  negative), optionally for objects (dimensions, as a journal line's: DIMENSION_VALIDATION_FAILED
  for an unknown code; archived codes are taken). Lines of the same account, month and objects
  are summed into one. At most 50 000 lines.
`;

export const PROSE = {
  amount: "kronor, debit positive (the ledger's sign): a revenue budget is negative",
  csv: prose`
    format csv: a header naming account (or konto), month (månad, YYYY-MM or YYYYMM) and amount
    (belopp), optionally dimension and object (objekt), then a line per amount; separated by
    semicolons (decimal comma or point) or tabs, or commas (decimal point); lines end in \n (the
    input rules refuse \r in a JSON string)
  `,
  sie: prose`
    format sie: the SIE file's bytes, base64 (CP437, Windows-1252 or UTF-8 as the SIE import
    reads them); its #PBUDGET lines of year 0 become the budget's lines
  `,
  create: prose`
    A named budget version of a fiscal year (PERIOD_NOT_FOUND): per account and month, optionally
    per object. ${LINES} A name the year already has: 409 BUDGET_NAME_TAKEN. A dry run answers the
    budget and writes nothing.
  `,
  replace: prose`
    Replaces every line of the budget (and its name, when given) with those sent: 404
    BUDGET_NOT_FOUND, 409 BUDGET_NAME_TAKEN for a name another budget of the year has. ${LINES}
  `,
  import: prose`
    A budget from a file: a CSV (csv_text) or a SIE file's #PBUDGET lines (sie_base64). Without
    replace, a name the year already has is 409 BUDGET_NAME_TAKEN; with replace it replaces that
    budget's lines (200; a new budget is 201). A line the file cannot give is 400 VALIDATION_ERROR
    with details.fields naming it (the first 20). ${LINES}
  `,
  list: "The company's budgets, of one fiscal year with fiscal_period_id, with their line counts and totals.",
  get: "A budget with every line, in account, month and objects order.",
  delete: "Deletes the budget and its lines (404 BUDGET_NOT_FOUND).",
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  createBudget: {
    summary: "Create a budget version of a fiscal year: amounts per account and month, optionally per object",
    description: PROSE.create,
  },
  importBudget: {
    summary: "Import a budget from a CSV or a SIE file's #PBUDGET lines (201 new, 200 replaced)",
    description: PROSE.import,
  },
  list: {
    summary: "List the budgets",
    description: PROSE.list,
  },
  get: {
    summary: "Get a budget with its lines",
    description: PROSE.get,
  },
  replaceBudget: {
    summary: "Replace a budget's lines (and name)",
    description: PROSE.replace,
  },
  deleteBudget: {
    summary: "Delete a budget (204)",
    description: PROSE.delete,
  },
};
