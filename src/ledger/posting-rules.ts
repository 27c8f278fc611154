// Posting rules: business events of the invoicing domains turned into balanced
// journal lines, in SEK öre. Pure functions; the engine checks and posts the result.
//
// Conversions of a foreign-currency invoice split its SEK total over its parts with
// `allocate`, so the parts add up to the SEK total exactly and the entry balances
// without a rounding line.
import type { EngineLine } from "./engine";
import {
  allocate,
  DEFAULT_SETTLEMENT_ACCOUNT,
  FX_GAIN_ACCOUNT,
  FX_LOSS_ACCOUNT,
  INPUT_VAT_ACCOUNT,
  isSlpAccount,
  OUTPUT_VAT_ACCOUNT,
  PAYABLES_ACCOUNT,
  RECEIVABLES_ACCOUNT,
  SLP_EXPENSE_ACCOUNT,
  SLP_LIABILITY_ACCOUNT,
  slpOre,
  toSekOre,
  vatOre,
} from "../sweden/invoicing";

type Dims = Record<string, string> | null | undefined;

/** One line from a signed amount: positive is a debit, negative a credit. Zero gives none. */
function signed(account: string, ore: number, text: string | null, dimensions?: Dims): EngineLine[] {
  if (ore === 0) return [];
  return [
    {
      accountNumber: account,
      debitOre: Math.max(ore, 0),
      creditOre: ore < 0 ? -ore : 0,
      lineDescription: text,
      dimensions: dimensions ?? null,
    },
  ];
}

export interface SaleItem {
  netOre: number;
  revenueAccount: string;
  description: string;
  dimensions: Dims;
}

export interface Sale {
  totalOre: number;
  /** SEK per unit of the invoice currency, decimal string ("1" for SEK) */
  rate: string;
  items: SaleItem[];
  /** VAT per rate in basis points */
  vat: Map<number, number>;
  text: string;
  /** the SEK total when it is not total x rate (the last partial credit takes what is left of the booked SEK) */
  totalSekOre?: number;
}

/** SEK amounts of a sale's items and VAT, adding up to its SEK total. */
function saleInSek(sale: Sale) {
  const vatRates = [...sale.vat.keys()].filter((r) => (sale.vat.get(r) ?? 0) !== 0);
  const totalSek = sale.totalSekOre ?? toSekOre(sale.totalOre, sale.rate);
  const parts = allocate(totalSek, [...sale.items.map((i) => i.netOre), ...vatRates.map((r) => sale.vat.get(r)!)]);
  return {
    totalSek,
    itemSek: parts.slice(0, sale.items.length),
    vatSek: vatRates.map((r, k) => ({ rate: r, ore: parts[sale.items.length + k] })),
  };
}

/**
 * The SEK of one payment of several, under the cash method: the share of the sale's
 * parts that the cumulative SEK received reaches, minus the share reached before, so
 * that the payments together book every part exactly (the last one takes the rest).
 */
export interface CashShare {
  beforeSek: number;
  afterSek: number;
}

function sharedParts(parts: number[], share: CashShare | undefined): number[] {
  if (!share) return parts;
  const after = allocate(share.afterSek, parts);
  const before = allocate(share.beforeSek, parts);
  return after.map((a, i) => a - before[i]);
}

/** Revenue and output VAT of a sale, as credits (negative amounts for a credit note turn them into debits). */
function revenueAndVat(sale: Sale, share?: CashShare): EngineLine[] {
  const full = saleInSek(sale);
  const parts = sharedParts([...full.itemSek, ...full.vatSek.map((v) => v.ore)], share);
  const itemSek = parts.slice(0, sale.items.length);
  const vatSek = full.vatSek.map((v, k) => ({ rate: v.rate, ore: parts[sale.items.length + k] }));
  return [
    ...sale.items.flatMap((item, i) => signed(item.revenueAccount, -itemSek[i], item.description, item.dimensions)),
    ...vatSek.flatMap((v) => signed(OUTPUT_VAT_ACCOUNT[v.rate], -v.ore, `Utgående moms ${v.rate / 100} %`)),
  ];
}

/** Faktureringsmetoden: the sale is booked when invoiced. Debit 1510 / Credit revenue and output VAT. */
export function saleInvoiced(sale: Sale): EngineLine[] {
  const { totalSek } = saleInSek(sale);
  return [...signed(RECEIVABLES_ACCOUNT, totalSek, sale.text), ...revenueAndVat(sale)];
}

/**
 * Kontantmetoden: revenue and VAT are booked when paid (BFL 5 kap 2 §: only for a
 * small business, and only the whole invoice at once here). Debit the settlement
 * account / Credit revenue and output VAT, plus the currency difference.
 */
export function saleSettledInCash(
  sale: Sale,
  settlementAccount: string,
  fxDifferenceOre: number,
  share?: CashShare,
): EngineLine[] {
  const totalSek = share ? share.afterSek - share.beforeSek : saleInSek(sale).totalSek;
  return [
    ...signed(settlementAccount, totalSek + fxDifferenceOre, sale.text),
    ...revenueAndVat(sale, share),
    ...customerFx(fxDifferenceOre),
  ];
}

/** A customer's currency difference: received more SEK than booked is a gain (3960). */
function customerFx(diffOre: number): EngineLine[] {
  return signed(diffOre > 0 ? FX_GAIN_ACCOUNT : FX_LOSS_ACCOUNT, -diffOre, "Valutakursdifferens");
}

/** Faktureringsmetoden, payment received: Debit settlement / Credit 1510, plus the currency difference. */
export function customerPaymentReceived(
  bookedSekOre: number,
  fxDifferenceOre: number,
  settlementAccount: string,
  text: string,
): EngineLine[] {
  return [
    ...signed(settlementAccount, bookedSekOre + fxDifferenceOre, text),
    ...signed(RECEIVABLES_ACCOUNT, -bookedSekOre, text),
    ...customerFx(fxDifferenceOre),
  ];
}

export interface PurchaseItem {
  amountOre: number;
  vatOre: number;
  accountNumber: string;
  applySlp: boolean;
  description: string | null;
  dimensions: Dims;
  /**
   * Omvänd betalningsskyldighet: the buyer books the VAT the supplier did not charge,
   * at `rateBp` of the line's SEK amount, as output VAT (2614/2624/2634) and, when
   * deductible, input VAT (2645 or 2647); not deductible, it is a cost of the line.
   */
  reverseCharge?: { rateBp: number; outputVatAccount: string; inputVatAccount: string; deductible: boolean } | null;
}

export interface Purchase {
  totalOre: number;
  rate: string;
  /** the SEK total when it is not total × rate: a credit that completes the invoice takes exactly what is left */
  totalSekOre?: number;
  items: PurchaseItem[];
  text: string;
}

/** Expense, input VAT and special payroll tax of a purchase, as debits (the tax's liability as a credit). */
function expenseAndVat(p: Purchase, share?: CashShare): { lines: EngineLine[]; totalSek: number } {
  const vatTotal = p.items.reduce((s, i) => s + i.vatOre, 0);
  const fullSek = p.totalSekOre ?? toSekOre(p.totalOre, p.rate);
  const full = allocate(fullSek, [...p.items.map((i) => i.amountOre), vatTotal]);
  const parts = sharedParts(full, share);
  const totalSek = share ? share.afterSek - share.beforeSek : fullSek;
  const lines: EngineLine[] = [];
  p.items.forEach((item, i) => {
    lines.push(...signed(item.accountNumber, parts[i], item.description, item.dimensions));
    const rc = item.reverseCharge;
    if (rc) {
      const tax = vatOre(parts[i], rc.rateBp);
      const text = `Omvänd betalningsskyldighet ${rc.rateBp / 100} %`;
      lines.push(
        ...signed(
          rc.deductible ? rc.inputVatAccount : item.accountNumber,
          tax,
          text,
          rc.deductible ? null : item.dimensions,
        ),
        ...signed(rc.outputVatAccount, -tax, text),
      );
    }
    if (item.applySlp && isSlpAccount(item.accountNumber)) {
      const tax = slpOre(parts[i]);
      lines.push(
        ...signed(SLP_EXPENSE_ACCOUNT, tax, "Särskild löneskatt 24,26 %", item.dimensions),
        ...signed(SLP_LIABILITY_ACCOUNT, -tax, "Särskild löneskatt 24,26 %"),
      );
    }
  });
  lines.push(...signed(INPUT_VAT_ACCOUNT, parts[p.items.length], "Ingående moms"));
  return { lines, totalSek };
}

/** Faktureringsmetoden: Debit expense and 2641 / Credit 2440 (and 7533 / 2514 where SLP applies). */
export function purchaseRegistered(p: Purchase): EngineLine[] {
  const { lines, totalSek } = expenseAndVat(p);
  return [...lines, ...signed(PAYABLES_ACCOUNT, -totalSek, p.text)];
}

/** A supplier's currency difference: paid more SEK than booked is a loss (7960). */
function supplierFx(diffOre: number): EngineLine[] {
  return signed(diffOre > 0 ? FX_LOSS_ACCOUNT : FX_GAIN_ACCOUNT, diffOre, "Valutakursdifferens");
}

/** Kontantmetoden: the purchase is booked when paid. Debit expense and 2641 / Credit settlement. */
export function purchaseSettledInCash(
  p: Purchase,
  settlementAccount: string,
  fxDifferenceOre: number,
  share?: CashShare,
): EngineLine[] {
  const { lines, totalSek } = expenseAndVat(p, share);
  return [
    ...lines,
    ...signed(settlementAccount, -(totalSek + fxDifferenceOre), p.text),
    ...supplierFx(fxDifferenceOre),
  ];
}

/** Faktureringsmetoden, payment made: Debit 2440 / Credit settlement, plus the currency difference. */
export function supplierPaymentMade(
  bookedSekOre: number,
  fxDifferenceOre: number,
  settlementAccount: string,
  text: string,
): EngineLine[] {
  return [
    ...signed(PAYABLES_ACCOUNT, bookedSekOre, text),
    ...signed(settlementAccount, -(bookedSekOre + fxDifferenceOre), text),
    ...supplierFx(fxDifferenceOre),
  ];
}

/** The same lines with debit and credit swapped: a credit note's entry mirrors the invoice's. */
export function mirrored(lines: EngineLine[], text: string): EngineLine[] {
  return lines.map((l) => ({
    ...l,
    debitOre: l.creditOre,
    creditOre: l.debitOre,
    lineDescription: l.lineDescription ?? text,
  }));
}

export { DEFAULT_SETTLEMENT_ACCOUNT };
