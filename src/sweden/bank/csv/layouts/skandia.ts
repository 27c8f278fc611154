// Skandia (Skandiabanken, the mortgage bank): the "Kontoutdrag" account statement. Skandia
// offers it as a spreadsheet whose sheet holds a period line and a "Kontonummer" line above the
// header "Bokf. datum | Beskrivning | Belopp | Saldo"; saved as text it is semicolon-separated
// with decimal comma (and point or space as thousands separator). Based on the public
// beangulp-skandia importer of that sheet. No column identifies a row.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout } from "../layout";
import { accountInPreamble } from "./preamble";

export const skandia: CsvLayout = {
  headers: [["Bokf. datum", "Beskrivning", "Belopp", "Saldo"]],
  dateOrder: "dmy",
  decimal: ",",
  accountFromPreamble: accountInPreamble,
  read(row) {
    return {
      row: {
        booking_date: requireDate(row, "Bokf. datum"),
        amount_ore: requireAmount(row, "Belopp"),
        description: row.get("Beskrivning"),
        balance_after_ore: row.amount("Saldo"),
      },
    };
  },
};
