// Skatteverket's SRU files (pure): INFO.SRU, who sends, and BLANKETTER.SRU, the forms,
// as the filöverföring e-service takes them (Skatteverket, SKV 269 "Teknisk beskrivning för
// elektronisk redovisning av ... bilagor till inkomstdeklarationerna INK1, INK2, INK3, INK4",
// utgåva 21, sections "Datafiler", "Teckenrepresentation", "Postslutmarkering", "INFO.SRU",
// "SRU-datafil"; since 2024 the page "Teknisk information om filöverföring" on skatteverket.se).
// - One post a line: a keyword beginning with #, a space, the value; every line ends CR LF.
// - ISO 8859-1: a character outside it has no byte and is written as "?" (the e-service reads
//   names only to make its error reports clearer, SKV 269 on #NAMN); "#" cannot be in a value.
// - INFO.SRU: #DATABESKRIVNING_START, #PRODUKT SRU, #SKAPAD date time, #PROGRAM, #FILNAMN
//   BLANKETTER.SRU, #DATABESKRIVNING_SLUT, #MEDIELEV_START, #ORGNR, #NAMN, #ADRESS, #POSTNR,
//   #POSTORT, #MEDIELEV_SLUT, in that order.
// - BLANKETTER.SRU: per form #BLANKETT <code>, #IDENTITET <12-digit number> <date> <time>,
//   #NAMN, #UPPGIFT <field code> <value> ..., #BLANKETTSLUT; the file ends with #FIL_SLUT.
// - The form's code is its name, the income year and the period: P1 for a fiscal year ending
//   January-April, P2 May-June, P3 July-August, P4 September-December (INK2R-2026P4).
// - Amounts in whole kronor, öre dropped; a field whose value is 0 is left out.

/** A form of the file: its code (INK2R-2026P4) and its fields in the order written. */
export interface SruForm {
  code: string;
  fields: SruField[];
}

export interface SruField {
  code: string;
  value: string;
}

export interface SruSender {
  /** the 12-digit identity: 16 + the organisation number, or the sole trader's personnummer */
  identity: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
}

export const INFO_FILE = "INFO.SRU";
export const FORMS_FILE = "BLANKETTER.SRU";

/** The declaration period of a fiscal year by the month it ends in (SKV 269: P1-P4). */
export function periodSuffix(periodEnd: string): string {
  const month = Number(periodEnd.slice(5, 7));
  if (month <= 4) return "P1";
  if (month <= 6) return "P2";
  if (month <= 8) return "P3";
  return "P4";
}

/** A form's code: INK2R-2026P4 for a fiscal year that ends 2026-12-31. */
export function formCode(form: string, periodEnd: string): string {
  return `${form}-${periodEnd.slice(0, 4)}${periodSuffix(periodEnd)}`;
}

/** Öre to whole kronor as the form takes them: öre dropped, toward zero. */
export function wholeKronor(ore: number): number {
  return Math.trunc(ore / 100);
}

/** A date field (7011, 7012): YYYYMMDD. */
export function dateValue(isoDate: string): string {
  return isoDate.replaceAll("-", "");
}

/** The amount fields that are not zero, in the order given. */
export function amountFields(amounts: [string, number][]): SruField[] {
  return amounts.filter(([, kr]) => kr !== 0).map(([code, kr]) => ({ code, value: String(kr) }));
}

/** A value as one line may hold it: no line break, no "#" (it starts a post), single spaces. */
function clean(value: string): string {
  return value
    .replace(/[#\r\n\t]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** YYYYMMDD and HHMMSS of an ISO timestamp (UTC, as the service's clock keeps time). */
function stamp(createdAt: string): string {
  return `${createdAt.slice(0, 10).replaceAll("-", "")} ${createdAt.slice(11, 19).replaceAll(":", "")}`;
}

const crlf = (lines: string[]) => lines.map((l) => `${l}\r\n`).join("");

/** INFO.SRU: who sends the forms, and which file holds them. */
export function infoSru(sender: SruSender, createdAt: string, program: string): string {
  return crlf([
    "#DATABESKRIVNING_START",
    "#PRODUKT SRU",
    `#SKAPAD ${stamp(createdAt)}`,
    `#PROGRAM ${clean(program)}`,
    `#FILNAMN ${FORMS_FILE}`,
    "#DATABESKRIVNING_SLUT",
    "#MEDIELEV_START",
    `#ORGNR ${sender.identity}`,
    `#NAMN ${clean(sender.name)}`,
    `#ADRESS ${clean(sender.address)}`,
    `#POSTNR ${clean(sender.postalCode).replace(/\s/g, "")}`,
    `#POSTORT ${clean(sender.city)}`,
    "#MEDIELEV_SLUT",
  ]);
}

/** BLANKETTER.SRU: each form in its block, all under one identity, then #FIL_SLUT. */
export function blanketterSru(sender: SruSender, forms: SruForm[], createdAt: string): string {
  const lines: string[] = [];
  for (const form of forms) {
    lines.push(`#BLANKETT ${form.code}`, `#IDENTITET ${sender.identity} ${stamp(createdAt)}`);
    lines.push(`#NAMN ${clean(sender.name)}`);
    for (const f of form.fields) lines.push(`#UPPGIFT ${f.code} ${clean(f.value)}`);
    lines.push("#BLANKETTSLUT");
  }
  lines.push("#FIL_SLUT");
  return crlf(lines);
}

/** ISO 8859-1 bytes; a character outside it becomes "?" (SKV 269: the files are ISO 8859-1). */
export function sruBytes(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out.push(code <= 0xff ? code : 0x3f);
  }
  return Uint8Array.from(out);
}
