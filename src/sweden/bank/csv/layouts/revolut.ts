// Revolut (the neobank), both statement exports, comma-separated with decimal point:
// - Revolut Business: "Date started (UTC),Date completed (UTC),ID,Type,State,Description,
//   Reference,Payer,Card number,Card label,Card state,Orig currency,Orig amount,Payment currency,
//   Amount,Total amount,Exchange rate,Fee,Fee currency,Balance,Account,...". Total amount is the
//   amount with the fee, which is what moves Balance; ID is Revolut's transaction id.
// - Revolut personal: "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,
//   State,Balance"; the fee is a separate positive figure taken from the balance; no id.
// Based on the headers used by public importers and their fixtures (Revolut Business CSV
// readers, several personal-account budget tools). Only State COMPLETED is money that moved:
// PENDING, REVERTED, DECLINED and FAILED rows are rejected with their state.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout, RowOutcome, RowReader } from "../layout";

const BUSINESS = [
  "Date started (UTC)",
  "Date completed (UTC)",
  "ID",
  "Type",
  "State",
  "Description",
  "Payment currency",
  "Amount",
  "Balance",
];
const PERSONAL = [
  "Type",
  "Product",
  "Started Date",
  "Completed Date",
  "Description",
  "Amount",
  "Fee",
  "Currency",
  "State",
  "Balance",
];

function stateRejection(row: RowReader): string | null {
  const state = row.get("State").toUpperCase();
  return state === "COMPLETED" ? null : `state ${state || "(empty)"} is not COMPLETED`;
}

function readBusiness(row: RowReader): RowOutcome {
  const rejection = stateRejection(row);
  if (rejection) return { reject: rejection };
  const fee = row.amount("Fee");
  const total = row.amount("Total amount");
  const amount = total ?? requireAmount(row, "Amount") - Math.abs(fee ?? 0);
  const currency = row.get("Payment currency");
  const origCurrency = row.get("Orig currency").toUpperCase();
  const orig = origCurrency && origCurrency !== currency.toUpperCase() ? row.amount("Orig amount") : null;
  return {
    row: {
      booking_date: requireDate(row, "Date completed (UTC)", "Date started (UTC)"),
      transaction_date: row.date("Date started (UTC)"),
      amount_ore: amount,
      currency,
      account: row.get("Account") || null,
      amount_foreign_ore: orig === null ? null : Math.sign(amount || 1) * Math.abs(orig),
      currency_foreign: orig === null ? null : origCurrency,
      description: row.get("Description"),
      counterparty_name: (amount >= 0 ? row.get("Payer") : row.get("Beneficiary name")) || null,
      counterparty_account:
        (amount < 0 ? row.get("Beneficiary IBAN") || row.get("Beneficiary account number") : "") || null,
      reference: row.get("Reference") || null,
      external_id: row.get("ID") || null,
      balance_after_ore: row.amount("Balance"),
      details: {
        type: row.get("Type"),
        exchange_rate: row.get("Exchange rate"),
        fee: row.get("Fee"),
        mcc: row.get("MCC"),
      },
    },
  };
}

function readPersonal(row: RowReader): RowOutcome {
  const rejection = stateRejection(row);
  if (rejection) return { reject: rejection };
  const amount = requireAmount(row, "Amount") - Math.abs(row.amount("Fee") ?? 0);
  return {
    row: {
      booking_date: requireDate(row, "Completed Date", "Started Date"),
      transaction_date: row.date("Started Date"),
      amount_ore: amount,
      currency: row.get("Currency"),
      account: row.get("Product") || null,
      description: row.get("Description"),
      balance_after_ore: row.amount("Balance"),
      details: { type: row.get("Type"), fee: row.get("Fee") },
    },
  };
}

export const revolut: CsvLayout = {
  headers: [BUSINESS, PERSONAL],
  dateOrder: "dmy",
  decimal: ".",
  read: (row) => (row.has("Payment currency") ? readBusiness(row) : readPersonal(row)),
};
