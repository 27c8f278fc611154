// The general ledger (huvudbok, BFL 5 kap 1 §: the entries in systematic order) from
// the lines one query read: opening, running and closing balance per account. A paged
// answer carries its position (last line and that account's balance) to the next page,
// so running balances go on across pages without reading the lines before.
import { fromOre } from "../../money";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { periodRef } from "./builders";
import { byAccount, net, type AccountNames, type LedgerLine, type LedgerPosition, type Movement } from "./queries";

/** The position as the cursor's key holds it: a JSON array, in the lines' sort order. */
export function positionKey(p: LedgerPosition): string {
  return JSON.stringify([p.account, p.date, p.series, p.number, p.sort, p.balanceOre]);
}

export function positionFromKey(key: string): LedgerPosition {
  const [account, date, series, number, sort, balanceOre] = JSON.parse(key) as [
    string,
    string,
    string,
    number,
    number,
    number,
  ];
  return { account, date, series, number, sort, balanceOre };
}

interface AccountOut {
  account_number: string;
  name: string | null;
  opening_balance: number;
  lines: unknown[];
  closing_balance: number;
  continues?: boolean;
  balanceOre: number;
}

export interface GeneralLedgerInput {
  period: FiscalPeriodRow;
  range: { from: string; to: string };
  /** where the previous page stopped; null for the first page */
  after: LedgerPosition | null;
  limit: number | undefined;
  /** the lines read: up to limit + 1 when paged */
  fetched: LedgerLine[];
  opening: Movement[];
  totals: Movement[];
  names: AccountNames;
}

/** The answer and, when more lines follow, where the next page starts (with the id of the last entry served). */
export function generalLedger({ period, range, after, limit, fetched, opening, totals, names }: GeneralLedgerInput) {
  const more = limit !== undefined && fetched.length > limit;
  const lines = more ? fetched.slice(0, limit) : fetched;
  // accounts of this page: from the cursor's account (or account_from) to the last line's account (or account_to)
  const lower = after ? after.account : range.from;
  const upper = more ? lines[lines.length - 1].account : range.to;
  const inSpan = (a: string) => (after ? a > lower : a >= lower) && a <= upper;
  const open = byAccount(opening.filter((m) => m.account >= range.from && m.account <= range.to));
  const closing = byAccount(totals);
  const accountsOut = new Map<string, AccountOut>();
  const ensure = (account: string) => {
    let a = accountsOut.get(account);
    if (!a) {
      const o = net(open.get(account));
      const start = after && after.account === account ? after.balanceOre : o;
      a = {
        account_number: account,
        name: names.get(account)?.name ?? null,
        opening_balance: fromOre(o),
        lines: [],
        closing_balance: fromOre(net(closing.get(account))),
        balanceOre: start,
      };
      accountsOut.set(account, a);
    }
    return a;
  };
  for (const account of open.keys()) if (inSpan(account)) ensure(account);
  for (const l of lines) {
    const a = ensure(l.account);
    a.balanceOre += l.debitOre - l.creditOre;
    a.lines.push({
      journal_entry_id: l.entryId,
      voucher: `${l.series}${l.number}`,
      entry_date: l.date,
      description: l.lineText ?? l.text,
      debit: fromOre(l.debitOre),
      credit: fromOre(l.creditOre),
      balance: fromOre(a.balanceOre),
    });
  }
  const last = lines[lines.length - 1];
  if (more) accountsOut.get(last.account)!.continues = true;
  const accounts = [...accountsOut.values()]
    .sort((a, b) => a.account_number.localeCompare(b.account_number))
    .map(({ balanceOre: _b, ...rest }) => rest);
  const next = more
    ? {
        position: {
          account: last.account,
          date: last.date,
          series: last.series,
          number: last.number,
          sort: last.sort,
          balanceOre: accountsOut.get(last.account)!.balanceOre,
        },
        entryId: last.entryId,
      }
    : null;
  return { report: { period: periodRef(period), account_from: range.from, account_to: range.to, accounts }, next };
}
