// Settlement of an open item (a customer invoice or a supplier invoice): what one
// payment books and leaves owed, and what a credit note for the whole invoice does.
// Pure functions; mark-paid, credit and bank matching load the rows, call these and
// post the lines through the ledger.
//
// Amounts are integer öre in the invoice currency, SEK amounts integer öre in SEK.
// Currency differences are *SEK actually paid or received minus SEK booked* for the
// paid amount (BAS 3960 gains, 7960 losses on receivables and payables of an
// operating nature; the posting rules pick the account by side and sign).
import { ApiError, fieldError } from "../errors/api-error";
import { toSekOre } from "../sweden/invoicing";
import type { EngineLine } from "./engine";
import { toOre } from "../money";
import { customerPaymentReceived, mirrored, supplierPaymentMade } from "./posting-rules";

/** A customer's invoice is a receivable (BAS 1510), a supplier's a payable (BAS 2440). */
export type Side = "receivable" | "payable";

/** BFL 5 kap 2 §: the accrual method, or the cash method (kontantmetoden) for small companies. */
export type AccountingMethod = "accrual" | "cash";

/**
 * The settlement's view of an open item: what the ledger needs of any document that
 * is paid or credited (a customer invoice, a supplier invoice, next a bank match).
 * Its own contract, so the ledger depends on no domain's table.
 */
export interface OpenItem {
  /** in the item's currency, öre */
  totalOre: number;
  /** as booked in SEK, öre */
  totalSekOre: number;
  paidOre: number;
  creditedOre: number;
  currency: string;
  /** SEK per unit, as a decimal string */
  exchangeRate: string;
  /** SEK booked by earlier payments (sum of their amount_sek) */
  paidSekOre: number;
  /** SEK taken off by credit notes (partial credits leave the rest open); 0 when none */
  creditedSekOre?: number;
}

type InvoiceAmounts = Omit<OpenItem, "totalSekOre" | "exchangeRate" | "paidSekOre"> & {
  totalSekOre: number | null;
  exchangeRate: string | null;
};
type EarlierPayment = { amountSekOre: number };

/**
 * The open item of an invoice row and its earlier payments. A booked invoice always
 * has its rate and SEK total (issuing refuses one without), so a missing one is a bug.
 */
export function openItem(row: InvoiceAmounts, earlier: EarlierPayment[], creditedSekOre = 0): OpenItem {
  if (row.totalSekOre === null || row.exchangeRate === null)
    throw new Error("a booked invoice has an exchange rate and a SEK total");
  return {
    ...row,
    totalSekOre: row.totalSekOre,
    exchangeRate: row.exchangeRate,
    paidSekOre: earlier.reduce((s, p) => s + p.amountSekOre, 0),
    creditedSekOre,
  };
}

/** What is still owed: total − paid − credited (negative after crediting a paid invoice: a refund owed). */
export const remainingOre = (item: Pick<OpenItem, "totalOre" | "paidOre" | "creditedOre">) =>
  item.totalOre - item.paidOre - item.creditedOre;

/** The wording of the two sides' refusals (existing clients read them). */
const WORDS: Record<Side, { moneyMoved: string; cashPayment: string }> = {
  receivable: { moneyMoved: "received", cashPayment: "an invoice is paid, and its sale booked," },
  payable: { moneyMoved: "paid", cashPayment: "a supplier invoice is paid, and booked," },
};

export interface PaymentTerms {
  /** in the invoice currency; default the remaining amount */
  amountOre?: number;
  /** SEK paid or received minus SEK booked; required unless the invoice is in SEK */
  fxDifferenceOre?: number;
  method: AccountingMethod;
  /**
   * Kontantmetoden with partial payments: each payment books its share of the sale or
   * purchase (mark-paid). Without it a cash-method payment must be whole (the spec's
   * rule for bank matching: "Cash-method partial payments give VALIDATION_ERROR").
   */
  allowPartialCash?: boolean;
}

export interface PaymentPlan {
  amountOre: number;
  fxDifferenceOre: number;
  /** the SEK this payment takes off the control account (1510 / 2440) */
  bookedSekOre: number;
  /** the invoice's paid total after this payment */
  paidOre: number;
  status: "paid" | "partially_paid";
  /** this payment settles what remained */
  fully: boolean;
  /** the cumulative SEK booked before and after this payment (the cash method's share of the sale) */
  cashShare: { beforeSek: number; afterSek: number };
}

/** The terms of a mark-paid body (kronor, validated to öre precision by its schema). */
export function paymentTermsOf(
  body: { amount?: number; exchange_rate_difference?: number },
  method: AccountingMethod,
  allowPartialCash = false,
): PaymentTerms {
  const ore = (kronor: number | undefined) => (kronor === undefined ? undefined : toOre(kronor)!);
  return { amountOre: ore(body.amount), fxDifferenceOre: ore(body.exchange_rate_difference), method, allowPartialCash };
}

function assertWithinRemaining(amountOre: number, remaining: number): void {
  if (amountOre > remaining) throw fieldError("amount", `amount is more than the remaining ${remaining / 100}`);
}

/** A foreign-currency payment must state its difference, even 0: it cannot be inferred from the invoice. */
function fxDifferenceOf(item: OpenItem, side: Side, given: number | undefined): number {
  if (item.currency !== "SEK" && given === undefined) {
    throw fieldError(
      "exchange_rate_difference",
      `a foreign-currency invoice needs exchange_rate_difference (0 when the SEK ${WORDS[side].moneyMoved} equals the SEK booked)`,
    );
  }
  return given ?? 0;
}

/**
 * Kontantmetoden (BFL 5 kap 2 §): the sale or purchase is booked at payment. Here it
 * is booked whole, so the invoice must be paid in one payment of its whole amount.
 */
function assertCashPaymentWhole(item: OpenItem, side: Side, amountOre: number, remaining: number): void {
  if (amountOre !== remaining || item.paidOre !== 0) {
    throw fieldError("amount", `under the cash method ${WORDS[side].cashPayment} in one payment of its whole amount`);
  }
}

/**
 * The SEK a payment books: amount × the invoice's rate, except the last payment,
 * which takes what is left of the booked SEK total so 1510 / 2440 end at zero
 * (the rounding of the parts never leaves an öre on the control account).
 */
function bookedSekOf(item: OpenItem, amountOre: number, fully: boolean): number {
  return fully
    ? item.totalSekOre - (item.creditedSekOre ?? 0) - item.paidSekOre
    : toSekOre(amountOre, item.exchangeRate);
}

/**
 * One payment of an open item, or the refusal both mark-paid commands give, checked
 * in this order: amount over the remaining, currency difference missing, a partial
 * payment under the cash method (all VALIDATION_ERROR).
 */
export function planPayment(item: OpenItem, side: Side, terms: PaymentTerms): PaymentPlan {
  const remaining = remainingOre(item);
  const amountOre = terms.amountOre ?? remaining;
  assertWithinRemaining(amountOre, remaining);
  const fxDifferenceOre = fxDifferenceOf(item, side, terms.fxDifferenceOre);
  if (terms.method === "cash" && !terms.allowPartialCash) assertCashPaymentWhole(item, side, amountOre, remaining);
  const fully = amountOre === remaining;
  const bookedSekOre = bookedSekOf(item, amountOre, fully);
  return {
    amountOre,
    fxDifferenceOre,
    bookedSekOre,
    paidOre: item.paidOre + amountOre,
    status: fully ? "paid" : "partially_paid",
    fully,
    cashShare: { beforeSek: item.paidSekOre, afterSek: item.paidSekOre + bookedSekOre },
  };
}

export interface PaymentPosting {
  settlementAccount: string;
  text: string;
  /** kontantmetoden: the sale or purchase itself (this payment's share of it), settled on the settlement account */
  inCash: (fxDifferenceOre: number, share: PaymentPlan["cashShare"]) => EngineLine[];
}

/**
 * The lines of a payment. Accrual: the control account settled (Debit settlement /
 * Credit 1510, or Debit 2440 / Credit settlement) with the currency difference;
 * cash: the sale or purchase booked now, as the caller builds it.
 */
export function paymentLines(
  side: Side,
  method: AccountingMethod,
  plan: PaymentPlan,
  posting: PaymentPosting,
): EngineLine[] {
  if (method === "cash") return posting.inCash(plan.fxDifferenceOre, plan.cashShare);
  const settle = side === "receivable" ? customerPaymentReceived : supplierPaymentMade;
  return settle(plan.bookedSekOre, plan.fxDifferenceOre, posting.settlementAccount, posting.text);
}

/** A stretch of an item's cumulative SEK settled (the cash method's shares): from..to, öre. */
export interface SekRange {
  fromSek: number;
  toSek: number;
}

/**
 * Bokslutsmetoden (BFL 5 kap 2 § tredje stycket, BFN's vägledning BFNAR 2013:2 kapitel 3):
 * the share of a cash-method item unpaid at the end of its year was booked then, VAT
 * included, on 1510 / 2440 (`booked`), and its VAT declared in that year's last VAT
 * period. A later payment's part inside that share settles the control account as the
 * accrual method does (`settle`: no revenue, cost or VAT), so no VAT period of the new
 * year moves that VAT again; a part outside it (none, as a rule) is the sale or purchase
 * booked now (`inCash`). The currency difference goes with the first part.
 */
export function cashPaymentAfterYearEnd(
  share: PaymentPlan["cashShare"],
  booked: SekRange | null,
  fxDifferenceOre: number,
  settle: (sekOre: number, fxDifferenceOre: number) => EngineLine[],
  inCash: (fxDifferenceOre: number, share: PaymentPlan["cashShare"]) => EngineLine[],
): EngineLine[] {
  if (!booked) return inCash(fxDifferenceOre, share);
  const settled = Math.max(Math.min(share.afterSek, booked.toSek) - Math.max(share.beforeSek, booked.fromSek), 0);
  const rest = [
    { beforeSek: share.beforeSek, afterSek: Math.min(booked.fromSek, share.afterSek) },
    { beforeSek: Math.max(booked.toSek, share.beforeSek), afterSek: share.afterSek },
  ].filter((r) => r.afterSek > r.beforeSek);
  let fx = fxDifferenceOre;
  const lines: EngineLine[] = [];
  if (settled > 0) {
    lines.push(...settle(settled, fx));
    fx = 0;
  }
  for (const r of rest) {
    lines.push(...inCash(fx, r));
    fx = 0;
  }
  return lines;
}

type CreditableAmounts<Sek extends number | null> = {
  subtotalOre: number;
  vatOre: number;
  totalOre: number;
  totalSekOre: Sek;
};

/**
 * A credit note for the whole invoice: its amounts are the invoice's negated and it is
 * applied in full to the original, so nothing of it remains open; the original is
 * credited by its total (after a payment its remaining turns negative: a refund owed).
 */
export function creditInFull<Sek extends number | null>(item: CreditableAmounts<Sek>) {
  return {
    note: {
      subtotalOre: -item.subtotalOre,
      vatOre: -item.vatOre,
      totalOre: -item.totalOre,
      totalSekOre: (item.totalSekOre === null ? null : -item.totalSekOre) as Sek,
      paidOre: 0,
      creditedOre: -item.totalOre,
    },
    original: { status: "credited" as const, creditedOre: item.totalOre },
  };
}

/**
 * The credit note's entry. Accrual: the booked sale or purchase mirrored, so every
 * account the invoice moved (1510 / 2440, revenue or expense, VAT) moves back by the
 * same SEK. Cash: none, as nothing was booked before payment (BFL 5 kap 2 §); a refund
 * is booked when it is paid out or arrives.
 */
export function creditNoteLines(
  method: AccountingMethod,
  booked: () => EngineLine[],
  text: string,
): EngineLine[] | null {
  return method === "accrual" ? mirrored(booked(), text) : null;
}

/** A reversal date: default today; never before the payment it reverses (VALIDATION_ERROR). */
export function reversalDateOf(given: string | undefined, paymentDate: string, now: string): string {
  const date = given ?? now.slice(0, 10);
  if (date < paymentDate)
    throw fieldError("reversal_date", `reversal_date is before the payment's date ${paymentDate}`);
  return date;
}

/** What a payment row tells of its own reversal, the same for customers' and suppliers' payments. */
interface ReversiblePayment {
  id: string;
  paymentDate: string;
  createdAt: string;
  reversedAt: string | null;
  reversalDate: string | null;
  reversalJournalEntryId: string | null;
}

/** A payment is reversed once (ENTRY_ALREADY_REVERSED names the reversal that exists). */
export function assertPaymentNotReversed(payment: ReversiblePayment): void {
  if (payment.reversedAt)
    throw new ApiError(
      "ENTRY_ALREADY_REVERSED",
      { payment_id: payment.id, reversed_by_id: payment.reversalJournalEntryId, reversal_date: payment.reversalDate },
      "The payment has already been reversed.",
    );
}

/**
 * Under the cash method each payment booked its share of the sale or purchase on the
 * cumulative SEK paid before it; only the latest payment can go without leaving the later
 * shares computed on a base that no longer holds (an öre of rounding), so later ones go first.
 */
export function assertLatestPaymentUnderCash(payment: ReversiblePayment, counted: ReversiblePayment[]): void {
  const later = counted.filter(
    (p) =>
      p.id !== payment.id &&
      (p.paymentDate > payment.paymentDate ||
        (p.paymentDate === payment.paymentDate && p.createdAt > payment.createdAt)),
  );
  if (later.length)
    throw new ApiError(
      "CONFLICT",
      { reason: "later_payments", later_payment_ids: later.map((p) => p.id) },
      "Under the cash method payments are reversed latest first: reverse the later payments before this one.",
    );
}

/**
 * A payment's date, refused when it is before the invoice's own date: the claim (or the
 * debt) does not exist before it, so such a payment would turn 1510 (or 2440) the wrong way
 * in an earlier period, possibly an earlier year. Money received before invoicing is an
 * advance (BAS 2420 Förskott från kunder; 1480 for one paid to a supplier), booked as such.
 */
export function paymentDateOnOrAfter(paymentDate: string, invoiceDate: string): string {
  if (paymentDate >= invoiceDate) return paymentDate;
  throw new ApiError(
    "VALIDATION_ERROR",
    { payment_date: paymentDate, invoice_date: invoiceDate },
    `A payment cannot be dated before the invoice it pays (${invoiceDate}); money received or paid before the invoice is an ` +
      `advance (2420 / 1480), to be booked as one.`,
  );
}
