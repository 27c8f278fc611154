// A page of the general ledger by dimension, decided from what the queries read (no I/O). The
// lines come in the ledger's order (account, date, voucher, line) whatever their object, each
// laid in its object's block; an account's opening, debit, credit and closing figures are those
// of the whole range (from the day balances), so that every page shows what the unpaged answer
// shows, and the running balance of the account a page starts in comes from sums, not from the
// lines of the pages before.
import { fromOre, sumOre } from "../../../money";
import type { ObjectLine, ObjectPosition } from "./lines";
import { type Column, type ColumnQuestion, columnFinder } from "./rules";

/** An amount of one account and object (null: no object). */
type ObjectAmount = { account: string; object: string | null; ore: number };

export interface PageInput {
  /** each account's and object's balance before the range */
  openings: readonly ObjectAmount[];
  /** each account's and object's debit and credit over the range (several rows may add up) */
  moves: readonly { account: string; object: string | null; debitOre: number; creditOre: number }[];
  /** where the page starts (null: the first page), and each object's balance there on that account */
  after: ObjectPosition | null;
  start: readonly { object: string | null; ore: number }[];
  /** the lines read: up to limit + 1 */
  fetched: readonly ObjectLine[];
  limit: number;
  accountTo: string;
}

interface Figures {
  opening: number;
  d: number;
  c: number;
}

/** Per column, the figures of each account with an opening balance or a movement in the range. */
function figuresOf(find: (object: string | null) => number, input: PageInput, width: number) {
  const figures = Array.from({ length: width }, () => new Map<string, Figures>());
  const at = (object: string | null, account: string) => {
    const column = find(object);
    if (column < 0) return null;
    let f = figures[column].get(account);
    if (!f) figures[column].set(account, (f = { opening: 0, d: 0, c: 0 }));
    return f;
  };
  for (const o of input.openings) {
    const f = o.ore !== 0 ? at(o.object, o.account) : null;
    if (f) f.opening += o.ore;
  }
  for (const m of input.moves) {
    const f = at(m.object, m.account);
    if (!f) continue;
    f.d += m.debitOre;
    f.c += m.creditOre;
  }
  return figures;
}

/**
 * The page's blocks: per column the accounts that have lines on the page, and those with only
 * an opening balance that fall in the page's span of accounts (after the position's account, up
 * to the last line's or, on the last page, account_to), so that each shows on exactly one page.
 */
export function objectLedgerPage(
  q: ColumnQuestion,
  columns: readonly Column[],
  input: PageInput,
  names: ReadonlyMap<string, { name: string }>,
) {
  const finder = columnFinder(q, columns);
  const find = (object: string | null) => finder(object, q.from.slice(0, 7));
  const figures = figuresOf(find, input, columns.length);
  const more = input.fetched.length > input.limit;
  const lines = input.fetched.slice(0, input.limit);
  const startOf = new Map(input.start.map((s) => [s.object, s.ore]));
  const blocks = columns.map(() => new Map<string, ReturnType<typeof accountOut>>());
  const accountOut = (column: number, account: string, object: string | null) => {
    const f = figures[column].get(account) ?? { opening: 0, d: 0, c: 0 };
    const startsHere = input.after?.account === account;
    return {
      account_number: account,
      name: names.get(account)?.name ?? null,
      opening_balance: fromOre(f.opening),
      lines: [] as unknown[],
      debit: fromOre(f.d),
      credit: fromOre(f.c),
      closing_balance: fromOre(f.opening + f.d - f.c),
      continues: undefined as boolean | undefined,
      balanceOre: startsHere ? (startOf.get(object) ?? 0) : f.opening,
    };
  };
  for (const l of lines) {
    const column = find(l.object);
    if (column < 0) continue;
    const block = blocks[column];
    const a = block.get(l.account) ?? accountOut(column, l.account, l.object);
    block.set(l.account, a);
    a.balanceOre += l.debitOre - l.creditOre;
    a.lines.push({
      journal_entry_id: l.entryId,
      voucher: l.voucher,
      entry_date: l.date,
      description: l.text,
      debit: fromOre(l.debitOre),
      credit: fromOre(l.creditOre),
      balance: fromOre(a.balanceOre),
    });
  }
  const upper = more ? lines[lines.length - 1].account : input.accountTo;
  const inSpan = (a: string) => (input.after ? a > input.after.account : true) && a <= upper;
  figures.forEach((accounts, column) => {
    for (const [account, f] of accounts)
      if (f.d === 0 && f.c === 0 && inSpan(account) && !blocks[column].has(account))
        blocks[column].set(account, accountOut(column, account, columns[column].object));
  });
  const next = more ? input.fetched[input.limit] : null;
  if (next) {
    const continued = blocks[find(next.object)]?.get(next.account);
    if (continued) continued.continues = true;
  }
  return { objects: pageBlocks(q, columns, blocks, figures), more };
}

/** The blocks as the answer has them: every object asked for, else those with an account on the page. */
function pageBlocks(
  q: ColumnQuestion,
  columns: readonly Column[],
  blocks: Map<string, { account_number: string; balanceOre: number; continues: boolean | undefined }>[],
  figures: Map<string, Figures>[],
) {
  return columns
    .map((c, i) => {
      const accounts = [...blocks[i].values()].sort((a, b) => a.account_number.localeCompare(b.account_number));
      const all = [...figures[i].values()];
      return {
        object: c.object,
        name: c.label,
        accounts: accounts.map(({ balanceOre: _b, continues, ...rest }) => (continues ? { ...rest, continues } : rest)),
        totals: { debit: fromOre(sumOre(all.map((f) => f.d))), credit: fromOre(sumOre(all.map((f) => f.c))) },
      };
    })
    .filter((block) => q.selected !== null || block.accounts.length > 0);
}
