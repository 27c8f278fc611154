// Wise (the multi-currency payment institution), two exports, comma-separated, decimal point:
// - wise: the transaction history, "ID,Status,Direction,Created on,Finished on,Source fee amount,
//   Source fee currency,Target fee amount,Target fee currency,Source name,Source amount (after
//   fees),Source currency,Target name,Target amount (after fees),Target currency,Exchange rate,
//   Reference,Batch[,Created by,Category,Note]". One file covers every currency balance.
//   Direction OUT takes Source amount plus Source fee from the Source currency balance; IN adds
//   Target amount to the Target currency balance; NEUTRAL (a conversion between own balances)
//   is the side in the statement currency.
// - wise_balance: the statement of one balance, "TransferWise ID,Date,Amount,Currency,
//   Description,Payment Reference,Running Balance,Exchange From,Exchange To,Exchange Rate,Payer
//   Name,Payee Name,Payee Account Number,Merchant,...,Total fees[,Exchange To Amount]", Date
//   DD-MM-YYYY, Amount signed with fees included, newest first.
// Based on the headers used by public importers of both exports and their fixtures.
//
// The spec (Imports) rejects refunded and unknown-status rows and rows in another currency than
// the statement's: a settlement account has one currency, and a foreign-currency row would be
// booked at a wrong value. The statement currency is the caller's, else the one most rows use.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout, LayoutContext, RowOutcome, RowReader } from "../layout";

const HISTORY = [
  "ID",
  "Status",
  "Direction",
  "Created on",
  "Finished on",
  "Source amount (after fees)",
  "Source currency",
  "Target amount (after fees)",
  "Target currency",
];
const BALANCE = ["TransferWise ID", "Date", "Amount", "Currency", "Description", "Running Balance"];

function mostUsed(currencies: string[]): string | null {
  const tally = new Map<string, number>();
  for (const c of currencies) if (c) tally.set(c, (tally.get(c) ?? 0) + 1);
  let best: string | null = null;
  for (const [c, n] of tally) if (best === null || n > tally.get(best)!) best = c;
  return best;
}

const currencyRejection = (currency: string, ctx: LayoutContext) =>
  currency !== ctx.currency
    ? `currency ${currency || "(empty)"} differs from the statement currency ${ctx.currency}`
    : null;

type Side = "OUT" | "IN";

function sideOf(row: RowReader, ctx: LayoutContext): Side | null {
  const direction = row.get("Direction").toUpperCase();
  if (direction === "OUT" || direction === "IN") return direction;
  if (direction === "NEUTRAL") {
    if (row.get("Source currency").toUpperCase() === ctx.currency) return "OUT";
    if (row.get("Target currency").toUpperCase() === ctx.currency) return "IN";
  }
  return null;
}

function readHistory(row: RowReader, ctx: LayoutContext): RowOutcome {
  const status = row.get("Status").toUpperCase();
  if (status === "REFUNDED") return { reject: "status REFUNDED: the money went back" };
  if (status === "CANCELLED") return { reject: "status CANCELLED: no money moved" };
  if (status !== "COMPLETED") return { reject: `unknown status ${status || "(empty)"}` };
  const side = sideOf(row, ctx);
  if (!side) {
    const direction = row.get("Direction").toUpperCase();
    if (direction === "NEUTRAL")
      return {
        reject:
          `conversion between ${row.get("Source currency")} and ${row.get("Target currency")}: neither is the ` +
          `statement currency ${ctx.currency}`,
      };
    return { reject: `unknown direction ${direction || "(empty)"}` };
  }
  const [own, other] = side === "OUT" ? ["Source", "Target"] : ["Target", "Source"];
  const currency = row.get(`${own} currency`).toUpperCase();
  const rejection = currencyRejection(currency, ctx);
  if (rejection) return { reject: rejection };
  const fee =
    side === "OUT" && row.get("Source fee currency").toUpperCase() === currency
      ? Math.abs(row.amount("Source fee amount") ?? 0)
      : 0;
  const amount =
    side === "OUT"
      ? -(requireAmount(row, "Source amount (after fees)") + fee)
      : requireAmount(row, "Target amount (after fees)");
  const otherCurrency = row.get(`${other} currency`).toUpperCase();
  const foreign = otherCurrency && otherCurrency !== currency ? row.amount(`${other} amount (after fees)`) : null;
  return {
    row: {
      booking_date: requireDate(row, "Finished on", "Created on"),
      transaction_date: row.date("Created on"),
      amount_ore: amount,
      currency,
      amount_foreign_ore: foreign === null ? null : Math.sign(amount || 1) * Math.abs(foreign),
      currency_foreign: foreign === null ? null : otherCurrency,
      description: row.get("Reference") || row.get(`${other} name`) || row.get("Category") || row.get("ID"),
      counterparty_name: row.get(`${other} name`) || null,
      reference: row.get("Reference") || null,
      external_id: row.get("ID") || null,
      details: {
        direction: row.get("Direction"),
        exchange_rate: row.get("Exchange rate"),
        batch: row.get("Batch"),
        category: row.get("Category"),
        note: row.get("Note"),
      },
    },
  };
}

function readBalance(row: RowReader, ctx: LayoutContext): RowOutcome {
  const currency = row.get("Currency").toUpperCase();
  const rejection = currencyRejection(currency, ctx);
  if (rejection) return { reject: rejection };
  const amount = requireAmount(row, "Amount");
  const exchangeTo = row.get("Exchange To").toUpperCase();
  const foreign = exchangeTo && exchangeTo !== currency ? row.amount("Exchange To Amount") : null;
  return {
    row: {
      booking_date: requireDate(row, "Date"),
      amount_ore: amount,
      currency,
      amount_foreign_ore: foreign === null ? null : Math.sign(amount || 1) * Math.abs(foreign),
      currency_foreign: foreign === null ? null : exchangeTo,
      description: row.get("Description"),
      counterparty_name: (amount < 0 ? row.get("Payee Name") || row.get("Merchant") : row.get("Payer Name")) || null,
      counterparty_account: (amount < 0 ? row.get("Payee Account Number") : "") || null,
      reference: row.get("Payment Reference") || null,
      external_id: row.get("TransferWise ID") || null,
      balance_after_ore: row.amount("Running Balance"),
      details: { total_fees: row.get("Total fees"), exchange_rate: row.get("Exchange Rate"), note: row.get("Note") },
    },
  };
}

export const wise: CsvLayout = {
  headers: [HISTORY],
  dateOrder: "dmy",
  decimal: ".",
  prepare(rows, ctx) {
    ctx.currency =
      ctx.currency?.toUpperCase() ??
      mostUsed(
        rows
          .filter((r) => r.get("Status").toUpperCase() === "COMPLETED")
          .map((r) =>
            r.get(r.get("Direction").toUpperCase() === "IN" ? "Target currency" : "Source currency").toUpperCase(),
          ),
      ) ??
      "SEK";
  },
  read: readHistory,
};

export const wiseBalance: CsvLayout = {
  headers: [BALANCE],
  dateOrder: "dmy",
  decimal: ".",
  prepare(rows, ctx) {
    ctx.currency = ctx.currency?.toUpperCase() ?? mostUsed(rows.map((r) => r.get("Currency").toUpperCase())) ?? "SEK";
  },
  read: readBalance,
};
