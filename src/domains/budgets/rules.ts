// The budgets' decisions, without I/O: a budget's lines made canonical (objects as sorted
// JSON, the same account, month and objects summed once), the months a fiscal year allows,
// and a budget CSV read into lines. Amounts are integer öre with the ledger's sign.
import Big from "big.js";
import { MAX_AMOUNT_KR } from "../../money";
import { monthsOf } from "../../sweden/fiscal-year";

export interface BudgetLineIn {
  account: string;
  month: string;
  objects: Record<string, string>;
  amountOre: number;
}

export interface BudgetLine {
  account: string;
  month: string;
  /** the objects as JSON with sorted keys: {} for none */
  dimensions: string;
  amountOre: number;
}

export interface Problem {
  path: string;
  message: string;
}

/** The most lines one budget holds. */
export const MAX_BUDGET_LINES = 50_000;
/** How many problems a refusal names. */
const PROBLEMS_NAMED = 20;

/** A dimensions map as the key of a budget line: its entries sorted by dimension number. */
export function canonicalObjects(objects: Record<string, string>): string {
  const keys = Object.keys(objects).sort((a, b) => Number(a) - Number(b));
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, objects[k]])));
}

/**
 * The lines as the budget keeps them: one per account, month and objects (amounts of the same
 * key summed), in account, month and objects order; a month outside the fiscal year, and more
 * than MAX_BUDGET_LINES lines, are problems.
 */
export function canonicalLines(
  input: readonly BudgetLineIn[],
  period: { periodStart: string; periodEnd: string },
  path = "lines",
): { lines: BudgetLine[]; problems: Problem[] } {
  const allowed = new Set(monthsOf(period.periodStart, period.periodEnd));
  const problems: Problem[] = [];
  const sums = new Map<string, BudgetLine>();
  input.forEach((l, i) => {
    if (!allowed.has(l.month)) {
      if (problems.length < PROBLEMS_NAMED)
        problems.push({ path: `${path}.${i}.month`, message: `${l.month} is outside the fiscal year` });
      return;
    }
    const dimensions = canonicalObjects(l.objects);
    const key = `${l.account}\u0000${l.month}\u0000${dimensions}`;
    const line = sums.get(key);
    if (line) line.amountOre += l.amountOre;
    else sums.set(key, { account: l.account, month: l.month, dimensions, amountOre: l.amountOre });
  });
  const lines = [...sums.values()].sort(
    (a, b) =>
      a.account.localeCompare(b.account) || a.month.localeCompare(b.month) || a.dimensions.localeCompare(b.dimensions),
  );
  if (lines.length > MAX_BUDGET_LINES) problems.push({ path, message: `more than ${MAX_BUDGET_LINES} lines` });
  if (lines.some((l) => Math.abs(l.amountOre) > MAX_AMOUNT_KR * 100))
    problems.push({ path, message: "a summed amount exceeds the largest amount" });
  return { lines, problems };
}

// ---- the budget CSV ----

const HEADERS: Record<string, "account" | "month" | "amount" | "dimension" | "object"> = {
  account: "account",
  account_number: "account",
  konto: "account",
  month: "month",
  månad: "month",
  period: "month",
  amount: "amount",
  belopp: "amount",
  dimension: "dimension",
  dimension_id: "dimension",
  object: "object",
  objekt: "object",
};

/** The separator of the header line: semicolon, tab or comma (in that order). */
function separatorOf(header: string): string {
  if (header.includes(";")) return ";";
  if (header.includes("\t")) return "\t";
  return ",";
}

const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .trim();

/** "1 234,50", "-1234.5", "1234" → öre; null when it is no amount of at most two decimals within the limit. */
export function csvAmountOre(raw: string, decimalComma: boolean): number | null {
  let s = raw.replace(/[\s\u00a0]/g, "");
  if (decimalComma) s = s.replace(",", ".");
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  const ore = new Big(s).times(100);
  return ore.abs().gt(MAX_AMOUNT_KR * 100) ? null : Number(ore.toFixed(0));
}

/** YYYY-MM or YYYYMM as YYYY-MM; null otherwise. */
function csvMonth(raw: string): string | null {
  const m = /^(\d{4})-?(0[1-9]|1[0-2])$/.exec(raw);
  return m ? `${m[1]}-${m[2]}` : null;
}

type Columns = Partial<Record<"account" | "month" | "amount" | "dimension" | "object", number>>;

function csvRow(fields: string[], at: Columns, decimalComma: boolean): BudgetLineIn | string {
  const get = (k: keyof Columns) => (at[k] === undefined ? "" : (fields[at[k]!] ?? ""));
  const account = get("account");
  if (!/^\d{4}$/.test(account)) return `"${account}" is not a four-digit account`;
  const month = csvMonth(get("month"));
  if (!month) return `"${get("month")}" is not a month (YYYY-MM)`;
  const amountOre = csvAmountOre(get("amount"), decimalComma);
  if (amountOre === null) return `"${get("amount")}" is not an amount (at most two decimals)`;
  const dimension = get("dimension");
  const object = get("object");
  if (!dimension !== !object) return "dimension and object go together";
  if (dimension && !/^\d{1,3}$/.test(dimension)) return `"${dimension}" is not a dimension number`;
  return { account, month, amountOre, objects: dimension ? { [String(Number(dimension))]: object } : {} };
}

/**
 * A budget CSV: a header naming the columns (account/konto, month/månad, amount/belopp; optionally
 * dimension and object/objekt), then a line per amount. Separated by semicolons (decimal comma
 * allowed), tabs or commas (decimal point only).
 */
export function parseBudgetCsv(text: string): { lines: BudgetLineIn[]; problems: Problem[] } {
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerAt = rows.findIndex((r) => r.trim() !== "");
  if (headerAt < 0) return { lines: [], problems: [{ path: "csv_text", message: "the file is empty" }] };
  const separator = separatorOf(rows[headerAt]);
  const at: Columns = {};
  rows[headerAt].split(separator).forEach((h, i) => {
    const column = HEADERS[unquote(h).toLowerCase()];
    if (column && at[column] === undefined) at[column] = i;
  });
  const missing = (["account", "month", "amount"] as const).filter((k) => at[k] === undefined);
  if (missing.length)
    return { lines: [], problems: [{ path: "csv_text", message: `the header lacks ${missing.join(", ")}` }] };
  const lines: BudgetLineIn[] = [];
  const problems: Problem[] = [];
  for (let i = headerAt + 1; i < rows.length && problems.length < PROBLEMS_NAMED; i++) {
    if (rows[i].trim() === "") continue;
    const row = csvRow(rows[i].split(separator).map(unquote), at, separator !== ",");
    if (typeof row === "string") problems.push({ path: "csv_text", message: `line ${i + 1}: ${row}` });
    else lines.push(row);
  }
  return { lines, problems };
}
