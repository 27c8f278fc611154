// The card bank: American Express Sweden (americanexpress.se), the "activity.csv" download of a
// card account's transactions. Header "Datum,Beskrivning,Kortmedlem,Konto #,Belopp", optionally
// followed by "Utökade specifikationer,Visas på ditt kontoutdrag som,Adress,Ort,Postnummer,Land,
// Referens,Kategori". Comma-separated; the date is MM/DD/YYYY even in the Swedish export; Belopp
// is written the Swedish way (decimal comma, so quoted) with U+2212 as the minus of credits; the
// Referens cell starts with an apostrophe. Based on public importers of this export
// (an "amex_import.py" describing the Amex SE portal CSV, and fixtures of Swedish Amex CSVs).
//
// Amex lists a purchase as a positive amount owed; seen from the card account, which is what the
// settlement account books, it is money going out, so the sign is turned around.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout } from "../layout";

export const amex: CsvLayout = {
  headers: [["Datum", "Beskrivning", "Kortmedlem", "Konto #", "Belopp"]],
  dateOrder: "mdy",
  decimal: ",",
  read(row) {
    const reference = row.get("Referens").replace(/^'/, "");
    return {
      row: {
        booking_date: requireDate(row, "Datum"),
        amount_ore: -requireAmount(row, "Belopp"),
        account: row.get("Konto #") || null,
        description: row.get("Beskrivning"),
        counterparty_name: row.get("Visas på ditt kontoutdrag som") || null,
        // Amex's own reference of the charge, unique per transaction.
        external_id: reference || null,
        details: {
          card_member: row.get("Kortmedlem"),
          extended_details: row.get("Utökade specifikationer"),
          category: row.get("Kategori"),
        },
      },
    };
  },
};
