// Swedbank and the savings banks on its platform (Sparbanken ...): the internet bank's
// "Transaktioner" export. Comma-separated, decimal point, Windows-1252, a title line starting
// with "*" above the header, newest row first, a running balance after every row.
//
// Two header spellings exist:
// - swedbank: "Radnummer,Clearingnummer,Kontonummer,Produkt,Valuta,Bokföringsdag,Transaktionsdag,
//   Valutadag,Referens,Beskrivning,Belopp,Bokfört saldo" (title "* Transaktioner Period ...").
//   Based on the header layout in shared/data/bank/SOURCES.md, which matches the inline
//   fixtures of the beancount Swedbank importers (encoding iso-8859-15).
// - sparbanken: the abbreviated "Radnr,Clnr,Kontonr,Produkt,Valuta,Bokfdag,Transdag,Valutadag,
//   Referens,Text,Belopp,Saldo" (title "* Transaktionsrapport Period ..."), seen in public
//   fixtures of a savings bank's (Dalslands Sparbank) and Swedbank företagskonto exports, cp1252.
// Both readers accept both spellings when the format is named; detection tells them apart by it.
//
// Radnummer only counts rows of one export, so it is no id: these rows have no external_id.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout, RowOutcome, RowReader } from "../layout";

const LONG = [
  "Radnummer",
  "Clearingnummer",
  "Kontonummer",
  "Produkt",
  "Valuta",
  "Bokföringsdag",
  "Transaktionsdag",
  "Valutadag",
  "Referens",
  "Beskrivning",
  "Belopp",
  "Bokfört saldo",
];
const SHORT = [
  "Radnr",
  "Clnr",
  "Kontonr",
  "Produkt",
  "Valuta",
  "Bokfdag",
  "Transdag",
  "Valutadag",
  "Referens",
  "Text",
  "Belopp",
  "Saldo",
];

// The same column under either spelling.
const col = (row: RowReader, long: string, short: string) => (row.has(long) ? long : short);

function read(row: RowReader): RowOutcome {
  const description = row.get(col(row, "Beskrivning", "Text"));
  const reference = row.get("Referens");
  const balance = col(row, "Bokfört saldo", "Saldo");
  const clearing = row.get(col(row, "Clearingnummer", "Clnr"));
  const account = row.get(col(row, "Kontonummer", "Kontonr"));
  return {
    row: {
      booking_date: requireDate(row, col(row, "Bokföringsdag", "Bokfdag")),
      transaction_date: row.date(col(row, "Transaktionsdag", "Transdag")),
      value_date: row.date("Valutadag"),
      amount_ore: requireAmount(row, "Belopp"),
      currency: row.get("Valuta"),
      account: [clearing, account].filter(Boolean).join(" ") || null,
      description: description || reference,
      // The bank repeats the text in Referens for its own charges; only a different one is a reference.
      reference: reference && reference !== description ? reference : null,
      balance_after_ore: row.amount(balance),
      details: { product: row.get("Produkt") },
    },
  };
}

export const swedbank: CsvLayout = { headers: [LONG, SHORT], detectBy: [LONG], dateOrder: "dmy", decimal: ".", read };
export const sparbanken: CsvLayout = {
  headers: [SHORT, LONG],
  detectBy: [SHORT],
  dateOrder: "dmy",
  decimal: ".",
  read,
};
