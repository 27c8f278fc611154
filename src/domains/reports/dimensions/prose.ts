// The OpenAPI descriptions of the reports by dimension (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

const OBJECTS = prose`
  dimension_id names the dimension (SIE #DIM: 1 kostnadsställe, 6 projekt, …); a line's object is
  its dimensions map's code for that dimension, and a line without one has no object. objects
  (comma-separated codes) narrows the report to those objects; an unknown dimension is 404
  NOT_FOUND, a code the dimension lacks 400 VALIDATION_ERROR on objects.
`;

export const PROSE = {
  budgetId: prose`
    a budget of the report's fiscal year (404 BUDGET_NOT_FOUND otherwise): every row and subtotal
    then has budget, difference (outcome less budget) and their totals beside the outcome; the
    budget's months that the range touches count whole
  `,
  breakdown: prose`
    object: a column per object (those asked for, else every object of the dimension and one for
    lines without object); month: a column per month of the range over the objects asked for;
    none: one column
  `,
  incomeStatement: prose`
    The income statement (the sections and subtotals of income-statement) over columns.
    period_id required; from_date and to_date inside the period (default the whole period),
    refused as income-statement refuses them. ${OBJECTS} breakdown object (the default): a column
    per object asked for, else one per object of the dimension and "none" for the lines without
    object, so that the columns add up to the income statement; month: a column per month of the
    range; none: one column. Every row and subtotal has amounts (per column) and total. Revenue
    positive, costs negative; the closing accounts 8990-8999 are left out.
  `,
  incomeStatementPdf: prose`
    The income statement by dimension laid out on landscape A4 pages: a column per object (and
    "Utan objekt") or per month, and the total; ÅRL bilaga 2's sections with their accounts, each
    section's sum, bruttovinst, rörelseresultat, resultat efter finansiella poster and årets
    resultat. A table wider than the page is cut into bands of columns, each repeating the
    accounts. With budget_id each column is three, Utfall, Budget and Avvikelse (outcome less
    budget), never cut apart. A running header and page numbers; marked preliminary while the
    period is open. Same parameters and refusals as income-statement/by-dimension.
  `,
  generalLedger: prose`
    The general ledger of each object: its posted lines (the opening entry aside) dated
    from_date..to_date by account, with the object's balance before from_date (the opening entry's
    and earlier lines carrying the object), running balance and closing balance. period_id
    required; from_date and to_date inside the period (default the whole period); account_from
    and account_to (default 1000-8999). ${OBJECTS} Without objects, a block per object that has
    lines or a balance and one (object null) for the lines without object. Only the lines of
    the objects asked for are read. Without limit, the whole answer at once; more than 50 000
    lines are then refused with 400 VALIDATION_ERROR: narrow the dates or the accounts, or page.
    With limit (1-10000 lines) it is paged: the lines go in the ledger's order (account, date,
    voucher) whatever their object, each page lays them in their objects' blocks,
    meta.next_cursor (null on the last page) continues it with the same question and limit,
    running balances carry on across pages, an account's opening_balance, debit, credit,
    closing_balance and a block's totals are always those of the whole range, and \`continues\`
    marks an account whose object's lines go on in the next page. A cursor without limit, or
    altered, or of another question or limit, is 400 VALIDATION_ERROR on cursor.
  `,
  limit: prose`
    lines a page (1-10000): pages the answer, meta.next_cursor continues it; absent: the whole answer
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  incomeStatement: {
    summary: "Income statement by dimension: per object (cost centre, project), per month, or for chosen objects",
    description: PROSE.incomeStatement,
  },
  incomeStatementPdf: {
    summary: "Income statement by dimension as PDF: a column per object (and no object) or per month, landscape",
    description: PROSE.incomeStatementPdf,
  },
  generalLedger: {
    summary: "General ledger (huvudbok) by dimension: the lines of each object by account",
    description: PROSE.generalLedger,
  },
};
