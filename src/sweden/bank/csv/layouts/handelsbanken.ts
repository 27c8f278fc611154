// Handelsbanken: the internet bank's account export, "Reskontradatum;Transaktionsdatum;Text;
// Belopp;Saldo" (semicolon, decimal comma, space as thousands separator), sometimes under a
// first line naming the clearing and account number. Based on the header layout in
// shared/data/bank/SOURCES.md. Reskontradatum is the day the bank booked the row,
// Transaktionsdatum the day of the purchase or payment. No column identifies a row.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout } from "../layout";
import { accountInPreamble } from "./preamble";

export const handelsbanken: CsvLayout = {
  headers: [["Reskontradatum", "Transaktionsdatum", "Text", "Belopp", "Saldo"]],
  dateOrder: "dmy",
  decimal: ",",
  accountFromPreamble: accountInPreamble,
  read(row) {
    return {
      row: {
        booking_date: requireDate(row, "Reskontradatum", "Transaktionsdatum"),
        transaction_date: row.date("Transaktionsdatum"),
        amount_ore: requireAmount(row, "Belopp"),
        description: row.get("Text"),
        balance_after_ore: row.amount("Saldo"),
      },
    };
  },
};
