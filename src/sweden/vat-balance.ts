// The VAT accounts on a balance sheet (pure): one rule for every balance sheet the service
// files or shows, so the income-tax return's räkenskapsschema (INK2R, sru/ink2.ts), the K2
// annual report (annual-report/model.ts) and the balance-sheet report (report-layout.ts
// balanceSectionOf) cannot present the same books differently.
//
// The rule: output VAT (BAS 2610-2638, the vilande accounts included), input VAT (2640-2649)
// and the settlement account 2650 (Redovisningskonto för moms) are one running account with
// Skatteverket, and are shown NET: their balances are added, a net credit is one liability
// (ÅRL bilaga 2 "Övriga skulder"; INK2R 2.48, field 7369) and a net debit one claim ("Övriga
// fordringar"; INK2R 2.21, field 7261).
//
// Sources:
// - ÅRL 2 kap. 4 § forbids setting assets off against liabilities, but its preparatory works
//   (prop. 1995/96:10) allow it where a right of set-off exists in law or contract (FAR,
//   Rätt: "Kvittningsförbud"). Input VAT is by law deducted from the output VAT of the same
//   return (mervärdesskattelagen 2023:200 13 kap.; ruta 49 is output less input, SKV 4700 and
//   vat-declaration.ts declarationBoxes), and the two are settled as one amount on the tax
//   account (vat-transfer.ts moves them to 2650).
// - FAR, Rätt "Moms", Bokslut: input and output VAT are normally shown net as a current
//   liability (in exceptional cases a current receivable); FAR, Rätt "Utgående moms": input
//   VAT is booked on a liability account because it is a reduction of the output VAT, and at
//   the balance date 2650 shows the net of the two.
// - BAS's INK2 kopplingstabell (shared/data/bas/BAS_SRU_INK2_P1_intervall-241119.csv) maps
//   2600-2859 to 7369 and has no "Om netto" row for them, nor any 26xx account on 7261: it
//   names which field an account's credit balance belongs on, and says nothing of a debit
//   balance. INK2R follows ÅRL's uppställningsform (BFNAR 2016:10), so a net claim on
//   Skatteverket is written where the annual report shows it, on 2.21 (7261).
// Not VAT, and so outside the rule: 2660 Punktskatter (another tax, its own return), 2670
// Utgående moms OSS (declared and paid in the OSS return, not set off against Swedish input
// VAT), 2710 personalskatt, 2730 sociala avgifter and the rest of 26xx-28xx: each stays a
// liability account on its own line.

/** BAS 2610-2650: output VAT, input VAT and the VAT settlement account, one account with Skatteverket. */
const VAT_ACCOUNTS: readonly [string, string] = ["2610", "2650"];

/** Whether the account is one of the VAT accounts shown net on a balance sheet. */
export function isVatBalanceAccount(account: string): boolean {
  return account >= VAT_ACCOUNTS[0] && account <= VAT_ACCOUNTS[1];
}

/**
 * The VAT accounts' balances added up, in öre, debit positive: positive is a claim on
 * Skatteverket, negative a liability. `balances` are [account, net debit öre] pairs; other
 * accounts are ignored, so a whole trial balance can be passed.
 */
export function netVatDebitOre(balances: Iterable<readonly [string, number]>): number {
  let net = 0;
  for (const [account, ore] of balances) if (isVatBalanceAccount(account)) net += ore;
  return net;
}

/** How the net VAT is shown: a claim among the receivables, a liability among the other liabilities, or nothing. */
export type VatPresentation = { side: "receivable" | "liability"; ore: number } | null;

/** The net VAT (öre, debit positive) as one figure on its side, positive there; null when it is zero. */
export function vatPresentation(netDebitOre: number): VatPresentation {
  if (netDebitOre > 0) return { side: "receivable", ore: netDebitOre };
  if (netDebitOre < 0) return { side: "liability", ore: -netDebitOre };
  return null;
}
