// BAS kontoplan: the account classes that decide an account's type.
// Source: BAS-kontoplanen 2026 (BAS-intressenternas Förening), classes 1-8.
// The four SIE account types (#KTYP T, S, I, K) map onto these five; equity (20xx)
// is kept apart from liabilities because the balance sheet shows it apart.

export type AccountType = "asset" | "equity" | "liability" | "revenue" | "expense";

/** A BAS account number is four digits, 1000-8999. */
export function isBasAccountNumber(value: string): boolean {
  return /^[1-8]\d{3}$/.test(value);
}

export function accountTypeOf(accountNumber: string): AccountType {
  const group = Number(accountNumber.slice(0, 2));
  if (group < 20) return "asset";
  if (group < 21) return "equity";
  if (group < 30) return "liability";
  if (group < 40) return "revenue";
  // 80-83: financial income (result from participations, interest income);
  // 84-89: interest costs, appropriations, tax and the year's result.
  if (group >= 80 && group <= 83) return "revenue";
  return "expense";
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
