// The balances a SIE file carries (#IB, #UB, #RES for year 0 and -1), as the import books
// and checks them (sie-import.ts runs these; nothing here reads or writes):
//   openingOf        #IB 0 as the opening entry; a difference equal to last year's
//                    result (−Σ #RES -1) goes to 2098, any other is refused unless allowed;
//   compareWithFile  the books the file would make against its own #UB 0 and #RES 0;
//   priorYearOf      the previous year (#RAR -1 with #IB/#UB/#RES -1) as two entries of a
//                    closed year, so that its figures are the comparison year.
// Class 0 (bas.ts isStatisticalAccount) is neither balance nor result: its #IB is not
// booked, it is compared with the record the file gives it in, and its type comes from
// the file (#KTYP, else #UB or #RES) since BAS has none for it.
import type { EngineLine, ImportedEntry } from "../../ledger/engine";
import { OPENING_SOURCE } from "../../ledger/queries";
import { formatKronor } from "../../money";
import { isBalanceAccount, isResultAccount, isStatisticalAccount, makesResult } from "../../sweden/bas";
import type { SieBalance, SieFile } from "../../sweden/sie/parse";
import { invalid } from "./sie-stream";

/**
 * BAS 2098 Vinst eller förlust från föregående år: where last year's result sits until
 * the stämma disposes of it (ABL 7 kap. 11 §). A file whose #IB 0 lacks exactly last
 * year's result (−Σ #RES -1) left it undisposed; it belongs here.
 */
export const PRIOR_RESULT_ACCOUNT = "2098";
/** BAS 2099 Årets resultat: any other difference, when the caller allows it. */
export const OPENING_DIFFERENCE_ACCOUNT = "2099";

export interface OpeningDifference {
  /** the line booked, kronor, debit positive */
  amount: number;
  account: string;
  reason: "prior_year_result" | "allowed";
  /** last year's result by the file's #RES -1 (profit positive), null when it has none */
  prior_year_result: number | null;
  /** whether the file's #UB 0 of that account holds the line too (else it carries the result undisposed there as well) */
  in_file_closing: boolean | null;
}

const kr = (ore: number) => Number(formatKronor(ore));
const ofYear = (list: SieBalance[], year: number) => list.filter((b) => b.year === year && b.amountOre !== 0);
const sumOf = (list: SieBalance[]) => list.reduce((s, b) => s + b.amountOre, 0);
const line = (account: string, ore: number, lineDescription: string | null = null): EngineLine => ({
  accountNumber: account,
  debitOre: Math.max(ore, 0),
  creditOre: Math.max(-ore, 0),
  lineDescription,
});

/** The year's result by the file's #RES of that year (profit positive), or null when it gives none. */
function resultOfYear(file: SieFile, year: number): number | null {
  const res = file.results.filter((b) => b.year === year && makesResult(b.account));
  return res.length ? -sumOf(res) : null;
}

/**
 * #IB 0 as the opening entry's lines. Σ #IB over the balance accounts should be 0; a file
 * that carries last year's result undisposed lacks exactly that result (#IB sums to
 * −Σ #RES -1), and it is booked to 2098. Any other difference is refused
 * (VALIDATION_ERROR, details.option "allowOpeningDifference") unless allowed: then it goes
 * to 2099 as before. Class-0 #IB is statistics, not an opening balance, and is left out.
 */
export function openingOf(file: SieFile, allowDifference: boolean) {
  const warnings: string[] = [];
  const ib = ofYear(file.opening, 0);
  const statistical = ib.filter((b) => isStatisticalAccount(b.account));
  if (statistical.length)
    warnings.push(
      `#IB 0 of the class-0 account(s) ${statistical.map((b) => b.account).join(", ")} not booked: class 0 is statistics, not an opening balance`,
    );
  const booked = ib.filter((b) => !isStatisticalAccount(b.account));
  const lines = booked.map((b) => line(b.account, b.amountOre));
  const ibSum = sumOf(booked);
  if (ibSum === 0) return { lines, booked, difference: null, warnings };
  const prior = resultOfYear(file, -1);
  const isPriorResult = prior !== null && prior === ibSum;
  if (!isPriorResult && !allowDifference)
    throw invalid(
      `the opening balances (#IB 0) do not balance by ${formatKronor(ibSum)}, which is not last year's ` +
        `result by #RES -1 (${prior === null ? "the file has none" : formatKronor(prior)}); ` +
        `options.allowOpeningDifference books it to ${OPENING_DIFFERENCE_ACCOUNT}`,
      {
        difference: kr(ibSum),
        prior_year_result: prior === null ? null : kr(prior),
        option: "allowOpeningDifference",
      },
    );
  const account = isPriorResult ? PRIOR_RESULT_ACCOUNT : OPENING_DIFFERENCE_ACCOUNT;
  lines.push(line(account, -ibSum, isPriorResult ? "Föregående års resultat" : "Differens i ingående balans"));
  warnings.push(
    isPriorResult
      ? `the opening balances (#IB 0) lack last year's result ${formatKronor(prior!)} (the file leaves it ` +
          `undisposed); ${formatKronor(-ibSum)} is booked to ${account}`
      : `the opening balances (#IB 0) do not balance; the difference ${formatKronor(-ibSum)} is booked to ` +
          `${account} (options.allowOpeningDifference)`,
  );
  const difference: OpeningDifference = {
    amount: kr(-ibSum),
    account,
    reason: isPriorResult ? "prior_year_result" : "allowed",
    prior_year_result: prior === null ? null : kr(prior),
    in_file_closing: null,
  };
  return { lines, booked, difference, warnings };
}

export interface BalanceMismatch {
  account_number: string;
  /** the file's own #UB (balance accounts) or #RES (result accounts), kronor */
  file: number;
  /** what the file's #IB and vouchers give, kronor */
  computed: number;
  /** computed less file */
  difference: number;
}

/**
 * The books the file would make (its booked #IB 0, the opening difference's line, its
 * vouchers) against its own #UB 0 (balance accounts) and #RES 0 (result accounts), per
 * account. The opening difference's account is compared too: the file's #UB may hold the
 * line (then it equals the books) or leave it out as its #IB does (then it equals the
 * books less the line; `difference.in_file_closing` says which). A class-0 account is
 * compared with the record the file gives it in: #RES 0, else #UB 0 less #IB 0.
 */
export function compareWithFile(
  file: SieFile,
  voucherSums: Map<string, number>,
  opening: { booked: SieBalance[]; difference: OpeningDifference | null },
): BalanceMismatch[] {
  const diff = opening.difference;
  const diffOre = diff ? Math.round(diff.amount * 100) : 0;
  const computed = booksOf(voucherSums, opening.booked, diff, diffOre);
  const closing = file.closing.filter((b) => b.year === 0);
  const results = file.results.filter((b) => b.year === 0);
  const expected = fileBalances(file, closing, results);
  const mismatches: BalanceMismatch[] = [];
  for (const account of accountsToCompare(computed, closing, results)) {
    const want = expected.get(account) ?? 0;
    const got = computed.get(account) ?? 0;
    if (diff && account === diff.account && closing.length) {
      // the file's #UB holds the line, or leaves it out as its #IB does
      diff.in_file_closing = want === got;
      if (want === got || want === got - diffOre) continue;
    }
    if (want !== got)
      mismatches.push({ account_number: account, file: kr(want), computed: kr(got), difference: kr(got - want) });
  }
  return mismatches;
}

const addTo = (m: Map<string, number>, account: string, ore: number) => m.set(account, (m.get(account) ?? 0) + ore);

/** The books the file would make, öre per account: its booked #IB 0, the opening difference's line, its vouchers. */
function booksOf(
  voucherSums: Map<string, number>,
  booked: SieBalance[],
  diff: OpeningDifference | null,
  diffOre: number,
): Map<string, number> {
  const computed = new Map<string, number>();
  for (const ib of booked) addTo(computed, ib.account, ib.amountOre);
  for (const [account, ore] of voucherSums) addTo(computed, account, ore);
  if (diff) addTo(computed, diff.account, diffOre);
  return computed;
}

/**
 * The file's own figures, öre per account: #UB 0 and #RES 0; a class-0 account's from the
 * record the file gives it in (statisticalFigures).
 */
function fileBalances(file: SieFile, closing: SieBalance[], results: SieBalance[]): Map<string, number> {
  const expected = new Map<string, number>();
  for (const b of closing) if (!isStatisticalAccount(b.account)) addTo(expected, b.account, b.amountOre);
  for (const b of results) if (!isStatisticalAccount(b.account)) addTo(expected, b.account, b.amountOre);
  addStatisticalFigures(expected, file, closing, results);
  return expected;
}

/** Class 0: the record the file gives the account in: #RES 0, else #UB 0 less #IB 0. */
function addStatisticalFigures(
  expected: Map<string, number>,
  file: SieFile,
  closing: SieBalance[],
  results: SieBalance[],
): void {
  const statRes = new Set(results.filter((b) => isStatisticalAccount(b.account)).map((b) => b.account));
  for (const b of results) if (statRes.has(b.account)) addTo(expected, b.account, b.amountOre);
  for (const b of closing)
    if (isStatisticalAccount(b.account) && !statRes.has(b.account)) addTo(expected, b.account, b.amountOre);
  for (const b of file.opening)
    if (b.year === 0 && isStatisticalAccount(b.account) && !statRes.has(b.account))
      addTo(expected, b.account, -b.amountOre);
}

/**
 * The accounts compared, sorted: class 0 always, balance accounts when the file gives #UB 0,
 * result accounts when it gives #RES 0.
 */
function accountsToCompare(computed: Map<string, number>, closing: SieBalance[], results: SieBalance[]): string[] {
  const toCheck = new Set<string>();
  const all = [...computed.keys(), ...closing.map((b) => b.account), ...results.map((b) => b.account)];
  for (const a of all) {
    if (isStatisticalAccount(a)) toCheck.add(a);
    else if (closing.length && isBalanceAccount(a)) toCheck.add(a);
    else if (results.length && isResultAccount(a)) toCheck.add(a);
  }
  return [...toCheck].sort();
}

/**
 * Class-0 accounts get their type from the file: #KTYP when it gives one, else T when
 * the file gives the account in #UB and K otherwise (#RES, or vouchers only), so that the
 * export writes it back in the record it came in.
 */
export function statisticalTypes(file: SieFile, voucherAccounts: Iterable<string>): Record<string, string> {
  const types: Record<string, string> = {};
  const inClosing = new Set(file.closing.map((b) => b.account));
  const inResults = new Set(file.results.map((b) => b.account));
  for (const a of new Set([...file.accounts.keys(), ...voucherAccounts, ...inClosing, ...inResults]))
    if (isStatisticalAccount(a) && !file.accountTypes.has(a))
      types[a] = inClosing.has(a) && !inResults.has(a) ? "T" : "K";
  return types;
}

export interface PriorYear {
  start: string;
  end: string;
  entries: ImportedEntry[];
}

/**
 * The previous year (SIE 4C #RAR -1; #IB, #UB and #RES with year -1) as the books of a
 * closed year: its opening entry (#IB -1) on its first day and one entry on its last day
 * with each balance account's #UB -1 less #IB -1 and each result account's #RES -1. Its
 * balance sheet is then the file's #UB -1 and its income statement the file's #RES -1,
 * the comparison year of the first annual report. Kept only when the file gives the
 * year and its figures balance (#IB -1 sums to 0, and both entries balance); otherwise a
 * warning says why it is not. Class 0 is left out, as in year 0's opening.
 */
export function priorYearOf(file: SieFile, importId: string, series: string, warnings: string[]): PriorYear | null {
  const year = file.years.get(-1);
  const relevant = (list: SieBalance[]) => ofYear(list, -1).filter((b) => !isStatisticalAccount(b.account));
  const ib = relevant(file.opening).filter((b) => isBalanceAccount(b.account));
  const ub = relevant(file.closing).filter((b) => isBalanceAccount(b.account));
  const res = relevant(file.results).filter((b) => isResultAccount(b.account));
  if (!year || (!ub.length && !res.length)) return null;
  const skip = (why: string) => {
    warnings.push(`the previous year (#RAR -1) is not kept: ${why}`);
    return null;
  };
  if (sumOf(ib) !== 0) return skip(`its #IB -1 do not balance (by ${formatKronor(sumOf(ib))})`);
  if (!ub.length) return skip("the file gives no #UB -1");
  const movement = new Map<string, number>();
  const add = (a: string, ore: number) => movement.set(a, (movement.get(a) ?? 0) + ore);
  for (const b of ub) add(b.account, b.amountOre);
  for (const b of ib) add(b.account, -b.amountOre);
  for (const b of res) add(b.account, b.amountOre);
  const lines = [...movement].filter(([, ore]) => ore !== 0).map(([a, ore]) => line(a, ore));
  const total = lines.reduce((s, l) => s + l.debitOre - l.creditOre, 0);
  if (total !== 0) return skip(`its #UB -1 and #RES -1 do not balance against its #IB -1 (by ${formatKronor(total)})`);
  const entries: ImportedEntry[] = [];
  if (ib.length)
    entries.push({
      entryDate: year.start,
      description: "Ingående balans",
      voucherSeries: series,
      voucherNumber: 1,
      sourceType: OPENING_SOURCE,
      sourceId: `${importId}:prior-ib`,
      lines: ib.map((b) => line(b.account, b.amountOre)),
    });
  if (lines.length)
    entries.push({
      entryDate: year.end,
      description: "Föregående års saldon enligt SIE-filen (#UB -1, #RES -1)",
      voucherSeries: series,
      voucherNumber: 2,
      sourceType: PRIOR_YEAR_SOURCE,
      sourceId: `${importId}:prior`,
      lines,
    });
  return { start: year.start, end: year.end, entries };
}

/** source_type of the previous year's summary entry. */
export const PRIOR_YEAR_SOURCE = "sie_prior_year";
