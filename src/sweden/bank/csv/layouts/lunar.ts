// Lunar (Lunar Bank A/S, the digital bank serving Swedish customers): the app's transaction
// export. No public sample or importer of a Lunar export was found (searched code, issue and
// web corpora for Lunar CSV headers); this layout assumes the columns the app shows for a
// transaction, in Swedish, "Datum;Text;Belopp;Valuta;Saldo", semicolon-separated with decimal
// comma, UTF-8 with BOM. It is provisional: replace the header here with a real export's.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout } from "../layout";

export const lunar: CsvLayout = {
  headers: [["Datum", "Text", "Belopp", "Valuta", "Saldo"]],
  dateOrder: "dmy",
  decimal: ",",
  read(row) {
    return {
      row: {
        booking_date: requireDate(row, "Datum"),
        amount_ore: requireAmount(row, "Belopp"),
        currency: row.get("Valuta"),
        description: row.get("Text"),
        balance_after_ore: row.amount("Saldo"),
      },
    };
  },
};
