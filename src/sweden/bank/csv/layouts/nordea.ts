// Nordea: the Netbank export (semicolon, decimal comma, dates YYYY/MM/DD, UTF-8 with BOM; a row
// not yet booked has "Reserverat" in the date column). Based on shared/data/bank/SOURCES.md
// and public inline fixtures. Two header layouts:
// - nordea: "Bokföringsdag;Belopp;Avsändare;Mottagare;Namn;Rubrik;Saldo;Valuta".
// - nordea_business: with the payment message and own notes, "Bokföringsdag;Belopp;Avsändare;
//   Mottagare;Namn;Rubrik;Meddelande;Egna anteckningar;Saldo;Valuta", in newer exports
//   "...;Namn;Ytterligare detaljer;Meddelande;Egna anteckningar;Saldo;Valuta;" (a trailing
//   semicolon). The public fixtures of this layout are company accounts paying bankgiro
//   invoices with the OCR number in Meddelande, hence the name; its rows carry no id either.
// Both readers accept both layouts when the format is named; detection picks by Meddelande.

import { requireAmount, requireDate } from "../engine";
import type { CsvLayout, RowOutcome, RowReader } from "../layout";

const PERSONAL = ["Bokföringsdag", "Belopp", "Avsändare", "Mottagare", "Namn", "Rubrik", "Saldo", "Valuta"];
const BUSINESS = [
  "Bokföringsdag",
  "Belopp",
  "Avsändare",
  "Mottagare",
  "Namn",
  "Meddelande",
  "Egna anteckningar",
  "Saldo",
  "Valuta",
];

function read(row: RowReader): RowOutcome {
  if (/^reserverat?$/i.test(row.get("Bokföringsdag")))
    return { reject: "reserved (Reserverat): not yet booked by the bank" };
  const amount = requireAmount(row, "Belopp");
  const title = row.get("Rubrik") || row.get("Ytterligare detaljer");
  const name = row.get("Namn");
  return {
    row: {
      booking_date: requireDate(row, "Bokföringsdag"),
      amount_ore: amount,
      currency: row.get("Valuta"),
      description: title || name,
      counterparty_name: name || null,
      // Avsändare and Mottagare hold both the own and the other account; the other one is the
      // receiver of money going out and the sender of money coming in.
      counterparty_account: (amount < 0 ? row.get("Mottagare") : row.get("Avsändare")) || null,
      reference: row.get("Meddelande") || null,
      balance_after_ore: row.amount("Saldo"),
      details: { own_note: row.get("Egna anteckningar") },
    },
  };
}

export const nordea: CsvLayout = {
  headers: [PERSONAL, BUSINESS],
  detectBy: [PERSONAL],
  dateOrder: "dmy",
  decimal: ",",
  read,
};
export const nordeaBusiness: CsvLayout = {
  headers: [BUSINESS, PERSONAL],
  detectBy: [BUSINESS],
  dateOrder: "dmy",
  decimal: ",",
  read,
};
