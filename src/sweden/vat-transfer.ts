// Momsomföring: the VAT period's output and input VAT accounts moved to 2650 (Redovisningskonto
// för moms) when the return is made. 2650 takes box 49 in whole kronor, the amount Skatteverket
// charges or pays back (the form takes whole kronor, öre dropped: SKV 4700); what the VAT
// accounts held beyond it, the öre each box dropped, goes to 3740 Öres- och kronutjämning.
// Pure.
import { type Box, boxOf, ROUNDING_ACCOUNT, VAT_SETTLEMENT_ACCOUNT } from "./vat-declaration";

/** The boxes whose accounts hold VAT: output 10-12, 30-32 (reverse charge), 60-62 (import), input 48. */
const VAT_BOXES: ReadonlySet<Box> = new Set<Box>(["10", "11", "12", "30", "31", "32", "48", "60", "61", "62"]);

/** Whether the declaration counts the account as output or input VAT (2610-2649 as the builder maps them). */
export function isVatAccount(account: string): boolean {
  const hit = boxOf(account);
  return hit !== null && VAT_BOXES.has(hit.box);
}

export interface TransferLine {
  account: string;
  debitOre: number;
  creditOre: number;
}

export interface VatTransfer {
  lines: TransferLine[];
  /** on 2650: credit (VAT to pay) positive, debit (to get back) negative; box 49 × 100 */
  settlementOre: number;
  /** on 3740: credit positive, debit negative */
  roundingOre: number;
}

/**
 * The transfer entry's lines: each VAT account's balance (debit minus credit, öre) turned back
 * to zero, box 49 (whole kronor) on 2650, the rest on 3740 so the entry balances. Accounts in
 * the order given; no line for a zero balance; no lines at all when nothing is to be moved.
 */
export function vatTransfer(balances: readonly { account: string; balanceOre: number }[], box49: number): VatTransfer {
  const lines: TransferLine[] = [];
  for (const { account, balanceOre } of balances) {
    if (balanceOre === 0) continue;
    lines.push({ account, debitOre: Math.max(-balanceOre, 0), creditOre: Math.max(balanceOre, 0) });
  }
  const settlementOre = box49 * 100;
  if (settlementOre !== 0)
    lines.push({
      account: VAT_SETTLEMENT_ACCOUNT,
      debitOre: Math.max(-settlementOre, 0),
      creditOre: Math.max(settlementOre, 0),
    });
  const open = lines.reduce((sum, l) => sum + l.debitOre - l.creditOre, 0);
  if (open !== 0) lines.push({ account: ROUNDING_ACCOUNT, debitOre: Math.max(-open, 0), creditOre: Math.max(open, 0) });
  return { lines, settlementOre, roundingOre: open };
}
