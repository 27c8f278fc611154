// SEB: the internet bank's account export, "Bokföringsdatum;Valutadatum;Verifikationsnummer;
// Text/mottagare;Belopp;Saldo" (semicolon, decimal comma). Based on the header layout in
// shared/data/bank/SOURCES.md; public fixtures describe Verifikationsnummer as the bank's
// unique number of the transaction, so with the booking date it is the external id.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout } from "../layout";

const HEADER = ["Bokföringsdatum", "Valutadatum", "Verifikationsnummer", "Text/mottagare", "Belopp", "Saldo"];

export const seb: CsvLayout = {
  headers: [HEADER],
  dateOrder: "dmy",
  decimal: ",",
  read(row) {
    const bookingDate = requireDate(row, "Bokföringsdatum");
    const verification = row.get("Verifikationsnummer");
    return {
      row: {
        booking_date: bookingDate,
        value_date: row.date("Valutadatum"),
        amount_ore: requireAmount(row, "Belopp"),
        description: row.get("Text/mottagare"),
        external_id: verification ? `${bookingDate}/${verification}` : null,
        balance_after_ore: row.amount("Saldo"),
        details: { verification_number: verification },
      },
    };
  },
};
