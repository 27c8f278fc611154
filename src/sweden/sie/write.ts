// Writes SIE 4 text (SIE 4C): one record a line, fields separated by a space, a field
// quoted when it is empty or holds a space, a quote inside escaped with a backslash,
// control characters removed (§5.7), characters codepage 437 lacks transliterated
// ("–" to "-", "”" to '"'; encoding.ts toCp437Text). Encode the result with encodeCp437.
import { toCp437Text } from "./encoding";
import type { Ksumma } from "./ksumma";
import { tokenize } from "./parse";

export function field(value: string | number): string {
  // transliterated before quoting: a typographic quote becomes '"' and must be escaped
  const s = toCp437Text(String(value)).replace(/[\x00-\x1f\x7f]/g, " ");
  return s === "" || /[\s"{}]/.test(s) ? `"${s.replaceAll('"', '\\"')}"` : s;
}

/** Integer öre as an SIE amount: "-1234.50". */
export function amount(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export const sieDate = (iso: string) => iso.replaceAll("-", "");

export function objectList(objects: Record<string, string> | null | undefined): string {
  const pairs = Object.entries(objects ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return `{${pairs.map(([d, c]) => `${d} ${field(c)}`).join(" ")}}`;
}

export function record(label: string, ...fields: (string | number)[]): string {
  return [label, ...fields].join(" ");
}

/** Adds a written line to a file's #KSUMMA (SIE 4C §10.14): a record's label and fields, not a #VER block's braces. */
export function sumLine(sum: Ksumma, line: string): void {
  const raw = line.trim();
  if (!raw || raw === "{" || raw === "}") return;
  sum.addRecord(tokenize(raw, 0));
}
