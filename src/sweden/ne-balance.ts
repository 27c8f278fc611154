// The NE-bilaga's balance sheet B1-B16 (Inkomstdeklaration 1, enskild näringsverksamhet; the
// form SKV 2161 fills them from the closing balances of the year), from a sole trader's books
// (pure; öre). Each field takes BAS account ranges, after the BAS-to-NE-field list that
// Dans.se's help page "SRU-koder enligt TAX 2006" (https://dans.se/help/finance/accounts/sru_codes/)
// reproduces with the BAS 2008 accounts of each field (the fields' SRU codes and their sources:
// src/sweden/sru/ne.ts):
//   B1 10xx; B2 11xx but 1130, 1140, 1180, 1193; B3 1130, 1140, 1180, 1193, 1291; B4 12xx but
//   1291; B5 13xx; B6 14xx; B7 15xx; B8 16xx-18xx; B9 19xx; B10 201x, 205x; B11 21xx;
//   B12 22xx; B13 23xx, 241x; B14 25xx, 26xx, 271x, 273x; B15 244x-247x; B16 242x-243x, 249x,
//   27xx but 271x and 273x, and (the list ends in "...") the rest of the liabilities.
// Two choices of ours, where that list is silent: B10 takes every 20xx account (a sole trader's
// equity is class 20, BAS 2010-2099) plus the year's result not yet closed to it (so the form
// balances before the year-end as after it: 3000-8999, the closing accounts 8990-8999 included);
// B16 takes the liabilities no other field names (248x, 272x, 274x-279x, 28xx, 29xx).
// Assets (B1-B9) are debit balances, B10-B16 credit balances; a field of the wrong sign
// (an overdrawn bank account) is written negative, as it stands in the books.
import type { NeFigure, NeMovement } from "./ne";
export type NeBalanceField =
  | "B1"
  | "B2"
  | "B3"
  | "B4"
  | "B5"
  | "B6"
  | "B7"
  | "B8"
  | "B9"
  | "B10"
  | "B11"
  | "B12"
  | "B13"
  | "B14"
  | "B15"
  | "B16";

export const NE_BALANCE_FIELDS: NeBalanceField[] = [
  "B1",
  "B2",
  "B3",
  "B4",
  "B5",
  "B6",
  "B7",
  "B8",
  "B9",
  "B10",
  "B11",
  "B12",
  "B13",
  "B14",
  "B15",
  "B16",
];

const NOT_DEPRECIATED = new Set(["1130", "1140", "1180", "1193", "1291"]);
const within = (a: string, from: string, to: string) => a >= from && a <= to;

/** The field a balance account's closing balance goes to; null outside classes 1-2. */
export function neBalanceFieldOf(account: string): NeBalanceField | null {
  const p2 = account.slice(0, 2);
  const p3 = account.slice(0, 3);
  if (NOT_DEPRECIATED.has(account)) return "B3";
  const assets: Record<string, NeBalanceField> = {
    "10": "B1",
    "11": "B2",
    "12": "B4",
    "13": "B5",
    "14": "B6",
    "15": "B7",
    "16": "B8",
    "17": "B8",
    "18": "B8",
    "19": "B9",
    "20": "B10",
    "21": "B11",
    "22": "B12",
    "23": "B13",
    "25": "B14",
    "26": "B14",
  };
  if (assets[p2]) return assets[p2];
  if (p3 === "241") return "B13";
  if (p3 === "271" || p3 === "273") return "B14";
  if (within(account, "2440", "2479")) return "B15";
  if (p2 >= "24" && p2 <= "29") return "B16";
  return null;
}

export type NeBalanceFigure = NeFigure<NeBalanceField>;

/**
 * B1-B16 from the year's movements (the opening entry included, so a balance account's
 * movement is its closing balance). B10 also takes the result not yet closed to equity,
 * named as account "result".
 */
export function neBalanceSheet(movements: NeMovement[]): NeBalanceFigure[] {
  const byField = new Map<NeBalanceField, NeBalanceFigure>(
    NE_BALANCE_FIELDS.map((f) => [f, { field: f, amountOre: 0, accounts: [] }]),
  );
  let resultOre = 0;
  for (const m of [...movements].sort((a, b) => a.account.localeCompare(b.account))) {
    if (within(m.account, "3000", "8999")) {
      resultOre += m.creditOre - m.debitOre;
      continue;
    }
    const field = neBalanceFieldOf(m.account);
    if (!field || m.debitOre === m.creditOre) continue;
    const asset = NE_BALANCE_FIELDS.indexOf(field) < NE_BALANCE_FIELDS.indexOf("B10");
    const amountOre = asset ? m.debitOre - m.creditOre : m.creditOre - m.debitOre;
    const fig = byField.get(field)!;
    fig.amountOre += amountOre;
    fig.accounts.push({ account: m.account, amountOre });
  }
  if (resultOre !== 0) {
    const b10 = byField.get("B10")!;
    b10.amountOre += resultOre;
    b10.accounts.push({ account: "result", amountOre: resultOre });
  }
  return NE_BALANCE_FIELDS.map((f) => byField.get(f)!);
}
