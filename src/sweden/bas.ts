// BAS kontoplan: the one classification of accounts by number that every report,
// import and export uses. Source: BAS-kontoplanen 2026 (BAS-intressenternas Förening),
// classes 1-8 and the groups of class 8:
//   80 Resultat från andelar i koncernföretag
//   81 Resultat från andelar i intresseföretag
//   82 Resultat från övriga värdepapper och långfristiga fordringar (anläggningstillgångar)
//   83 Övriga ränteintäkter och liknande resultatposter
//   84 Räntekostnader och liknande resultatposter
//   85-87 (fri kontogrupp): BAS leaves them to the company
//   88 Bokslutsdispositioner
//   89 Skatter och årets resultat (8990 Resultat, 8999 Årets resultat close the year to 2099)
// The four SIE account types (#KTYP T, S, I, K) map onto these five types; equity (20xx)
// is kept apart from liabilities because the balance sheet shows it apart.

export type AccountType = "asset" | "equity" | "liability" | "revenue" | "expense";

/** A BAS account number is four digits, 1000-8999. */
export function isBasAccountNumber(value: string): boolean {
  return /^[1-8]\d{3}$/.test(value);
}

/**
 * Revenue and expense in class 8 follow the side of the ÅRL bilaga 2 item the group
 * belongs to: 80-83 are the income items (results from participations, interest
 * income), 84 interest costs, 85-87 the free groups, 88 appropriations and 89 tax are
 * expense. Groups 80-84 hold accounts of both signs (8070 nedskrivningar in 80, 8431
 * valutakursvinster in 84); the type only decides which column an amount shows in,
 * never the result (see resultOf).
 */
export function accountTypeOf(accountNumber: string): AccountType {
  const group = Number(accountNumber.slice(0, 2));
  if (group < 20) return "asset";
  if (group < 21) return "equity";
  if (group < 30) return "liability";
  if (group < 40) return "revenue";
  if (group >= 80 && group <= 83) return "revenue";
  return "expense";
}

/**
 * Class 0: BAS leaves it to the company (statistics, internal calculation; BAS has no
 * accounts there). Such an account is neither an asset nor a liability nor a result: it
 * never enters the balance sheet, the income statement, the annual report's lines, the
 * INK2R or the next year's opening balances. Where a SIE file carries one, its #KTYP or
 * the record it is given in (#UB or #RES) says how the export writes it back (SIE 4C,
 * #KTYP: "Om kontotyp ej anges antas att kontot har den typ som anges av BAS-standarden",
 * and BAS has none for class 0).
 */
export function isStatisticalAccount(accountNumber: string): boolean {
  return accountNumber.charCodeAt(0) === 48 /* 0 */;
}

/** Classes 1-2: the balance sheet's accounts (SIE #UB); classes 3-8 are result accounts (SIE #RES). */
export function isBalanceAccount(accountNumber: string): boolean {
  if (isStatisticalAccount(accountNumber)) return false;
  const type = accountTypeOf(accountNumber);
  return type === "asset" || type === "equity" || type === "liability";
}

/** Classes 3-8, the closing accounts 8990-8999 included: what the year's result is made of and booked on. */
export function isResultAccount(accountNumber: string): boolean {
  return !isStatisticalAccount(accountNumber) && !isBalanceAccount(accountNumber);
}

/**
 * 8990 Resultat and 8999 Årets resultat: the closing entry books the year's result here
 * against 2099. They move the result to equity rather than make it, so the income
 * statement and the result leave them out, while the balance sheet's open result keeps
 * them (their counterpart already sits in 2099).
 */
export function isClosingAccount(accountNumber: string): boolean {
  return accountNumber >= "8990" && accountNumber <= "8999";
}

/** The accounts whose movements make the period's result: classes 3-8 less the closing accounts. */
export function makesResult(accountNumber: string): boolean {
  return isResultAccount(accountNumber) && !isClosingAccount(accountNumber);
}

interface AccountMovement {
  account: string;
  debitOre: number;
  creditOre: number;
}

/**
 * Revenue (credit less debit on revenue accounts), expense (debit less credit on
 * expense accounts) and their difference, the result, in öre. A movement against an
 * account's side lowers its column (a write-down on 8070 lowers revenue), so the result
 * is the same however class 8 is split.
 */
export function resultOf(movements: Iterable<AccountMovement>): {
  revenueOre: number;
  expenseOre: number;
  resultOre: number;
} {
  let revenueOre = 0;
  let expenseOre = 0;
  for (const m of movements) {
    if (!makesResult(m.account)) continue;
    if (accountTypeOf(m.account) === "revenue") revenueOre += m.creditOre - m.debitOre;
    else expenseOre += m.debitOre - m.creditOre;
  }
  return { revenueOre, expenseOre, resultOre: revenueOre - expenseOre };
}

/**
 * How much of the year's result is already on the closing accounts 8990-8999 (a
 * bokslutsverifikation made by hand or in another program and imported): `bookedOre` is
 * their net debit (a profit is booked by debiting 8999 Årets resultat), `unbookedOre` what
 * the year-end still has to book. The result is booked in full when classes 3-8 together
 * net to zero with something on 8990-8999: `unbookedOre` 0 and `bookedOre` not 0.
 */
export function bookedResultOf(movements: Iterable<AccountMovement>): {
  resultOre: number;
  bookedOre: number;
  unbookedOre: number;
  bookedOn: { account: string; amountOre: number }[];
} {
  const list = [...movements];
  const { resultOre } = resultOf(list);
  const byAccount = new Map<string, number>();
  for (const m of list)
    if (isClosingAccount(m.account))
      byAccount.set(m.account, (byAccount.get(m.account) ?? 0) + m.debitOre - m.creditOre);
  const bookedOn = [...byAccount]
    .filter(([, amountOre]) => amountOre !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, amountOre]) => ({ account, amountOre }));
  const bookedOre = bookedOn.reduce((s, b) => s + b.amountOre, 0);
  return { resultOre, bookedOre, unbookedOre: resultOre - bookedOre, bookedOn };
}

/** SIE #KTYP letter for an account type (SIE 4C, section on #KTYP). */
export function sieAccountTypeOf(type: AccountType): "T" | "S" | "I" | "K" {
  switch (type) {
    case "asset":
      return "T";
    case "equity":
    case "liability":
      return "S";
    case "revenue":
      return "I";
    case "expense":
      return "K";
  }
}
