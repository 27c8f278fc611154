// The period budgets of a SIE file (SIE 4C §§ 8.7-8.9, 11: #PBUDGET årsnr period konto
// {objektlista} saldo [kvantitet]): one amount per account, month and objects, with the
// ledger's sign (debit positive). Pure: the file's text in, the budget's lines out.
import { objectMap, parseAmount, SieParseError, tokenize } from "./parse";

export interface SieBudgetLine {
  account: string;
  /** YYYY-MM */
  month: string;
  /** { dimension number: object code }, {} for the account as a whole */
  objects: Record<string, string>;
  amountOre: number;
}

/** How many problems a reading names before it stops. */
const PROBLEMS_NAMED = 20;

/** One #PBUDGET line as a budget line, or null when it is another year's. */
function budgetLine(line: string, lineNo: number, year: number): SieBudgetLine | null {
  const [, yearNo, period, account, objects, amount] = tokenize(line, lineNo);
  if (typeof yearNo !== "string" || !/^-?\d+$/.test(yearNo))
    throw new SieParseError(lineNo, "#PBUDGET needs a year number");
  if (Number(yearNo) !== year) return null;
  if (typeof period !== "string" || !/^\d{4}(0[1-9]|1[0-2])$/.test(period))
    throw new SieParseError(lineNo, "#PBUDGET needs a period YYYYMM");
  if (typeof account !== "string" || !/^\d{4}$/.test(account))
    throw new SieParseError(lineNo, "#PBUDGET needs a four-digit account number");
  if (typeof amount !== "string") throw new SieParseError(lineNo, "#PBUDGET needs an amount");
  return {
    account,
    month: `${period.slice(0, 4)}-${period.slice(4, 6)}`,
    objects: objectMap(objects, lineNo),
    amountOre: parseAmount(amount, lineNo),
  };
}

/**
 * Every #PBUDGET line of the year `year` (0 the file's current year, -1 the one before) and
 * the problems of the lines that cannot be read (the first 20).
 */
export function readPeriodBudgets(text: string, year = 0): { lines: SieBudgetLine[]; problems: string[] } {
  const lines: SieBudgetLine[] = [];
  const problems: string[] = [];
  const rows = text.split(/\r?\n/);
  for (let i = 0; i < rows.length && problems.length < PROBLEMS_NAMED; i++) {
    const row = rows[i].trimStart();
    if (!row.startsWith("#PBUDGET") || !/^#PBUDGET\s/.test(row)) continue;
    try {
      const line = budgetLine(row, i + 1, year);
      if (line) lines.push(line);
    } catch (err) {
      if (!(err instanceof SieParseError)) throw err;
      problems.push(err.message);
    }
  }
  return { lines, problems };
}

/** The lowest dimension number an object list names, or null for {}. */
const firstDimension = (objects: Record<string, string>) =>
  Object.keys(objects).length ? Math.min(...Object.keys(objects).map(Number)) : null;

/**
 * SIE's #PBUDGET lines as additive budget lines (a journal line's way: a line without object is
 * the part no object carries). In SIE a {} line is the account's whole budget for the month and
 * an object line that object's part, so where a month of an account has both, the lines of the
 * lowest dimension it names are kept and the {} line becomes the whole less their sum; parts of
 * other dimensions (a second breakdown of the same whole) are dropped and counted.
 */
export function additiveBudget(lines: readonly SieBudgetLine[]): { lines: SieBudgetLine[]; dropped: number } {
  const groups = new Map<string, SieBudgetLine[]>();
  for (const l of lines) {
    const key = `${l.account}\u0000${l.month}`;
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  const out: SieBudgetLine[] = [];
  let dropped = 0;
  for (const group of groups.values()) {
    const dims = group.map((l) => firstDimension(l.objects)).filter((d): d is number => d !== null);
    if (!dims.length) {
      out.push(...group);
      continue;
    }
    const kept = Math.min(...dims);
    const parts = group.filter((l) => firstDimension(l.objects) === kept);
    const wholes = group.filter((l) => firstDimension(l.objects) === null);
    dropped += group.length - parts.length - wholes.length;
    out.push(...parts);
    if (wholes.length) {
      const whole = wholes.reduce((s, l) => s + l.amountOre, 0) - parts.reduce((s, l) => s + l.amountOre, 0);
      if (whole !== 0) out.push({ ...wholes[0], amountOre: whole });
    }
  }
  return { lines: out, dropped };
}
