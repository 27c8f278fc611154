// The momsdeklaration as Skatteverket's upload file (eSKDUpload, DTD version 6.0), the file the
// e-service "Moms- och arbetsgivardeklarationer" takes instead of typed-in boxes.
// Written after Skatteverket's own example (shared/data/moms/skatteverket_momsexempel_eSKDUpload_v6.xml,
// its element-to-box map in SOURCES.md): ISO-8859-1, CRLF line ends, two-space indent, no line
// end after the last tag; <OrgNr> as NNNNNN-NNNN; <Period> the period's last month as YYYYMM;
// the box elements in the example's (the DTD's) order, one per box that is not zero, and
// <MomsBetala> (box 49) always. Amounts are whole kronor. Pure.
import type { Box } from "./vat-declaration";

/** Each box's element, in the order the example (and the DTD) lists them. */
export const ESKD_ELEMENTS: readonly [Box | "49", string][] = [
  ["05", "ForsMomsEjAnnan"],
  ["06", "UttagMoms"],
  ["07", "UlagMargbesk"],
  ["08", "HyrinkomstFriv"],
  ["20", "InkopVaruAnnatEg"],
  ["21", "InkopTjanstAnnatEg"],
  ["22", "InkopTjanstUtomEg"],
  ["23", "InkopVaruSverige"],
  ["24", "InkopTjanstSverige"],
  ["50", "MomsUlagImport"],
  ["35", "ForsVaruAnnatEg"],
  ["36", "ForsVaruUtomEg"],
  ["37", "InkopVaruMellan3p"],
  ["38", "ForsVaruMellan3p"],
  ["39", "ForsTjSkskAnnatEg"],
  ["40", "ForsTjOvrUtomEg"],
  ["41", "ForsKopareSkskSverige"],
  ["42", "ForsOvrigt"],
  ["10", "MomsUtgHog"],
  ["11", "MomsUtgMedel"],
  ["12", "MomsUtgLag"],
  ["30", "MomsInkopUtgHog"],
  ["31", "MomsInkopUtgMedel"],
  ["32", "MomsInkopUtgLag"],
  ["60", "MomsImportUtgHog"],
  ["61", "MomsImportUtgMedel"],
  ["62", "MomsImportUtgLag"],
  ["48", "MomsIngAvdr"],
  ["49", "MomsBetala"],
];

export interface EskdDeclaration {
  /** NNNNNN-NNNN, as the example writes it */
  orgNumber: string;
  /** the last day of the VAT period (YYYY-MM-DD); the file names its month */
  periodEnd: string;
  /** whole kronor per box; a box absent or zero is left out, box 49 never */
  boxes: Partial<Record<Box | "49", number>>;
  /** TextUpplysningMoms: a note to Skatteverket, left out when absent */
  note?: string;
}

const DOCTYPE =
  '<!DOCTYPE eSKDUpload PUBLIC "-//Skatteverket, Sweden//DTD Skatteverket eSKDUpload-DTD Version 6.0//SV" ' +
  '"https://www1.skatteverket.se/demoeskd/eSKDUpload_6p0.dtd">';

/** The file's text (encode it with `latin1` before it leaves). */
export function eskdXml(d: EskdDeclaration): string {
  const lines = [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    DOCTYPE,
    '<eSKDUpload Version="6.0">',
    `  <OrgNr>${escapeXml(d.orgNumber)}</OrgNr>`,
    "  <Moms>",
    `    <Period>${d.periodEnd.slice(0, 4)}${d.periodEnd.slice(5, 7)}</Period>`,
  ];
  for (const [box, element] of ESKD_ELEMENTS) {
    const amount = d.boxes[box] ?? 0;
    if (!Number.isInteger(amount)) throw new RangeError(`box ${box} must be whole kronor: ${amount}`);
    if (amount !== 0 || box === "49") lines.push(`    <${element}>${amount}</${element}>`);
  }
  if (d.note) lines.push(`    <TextUpplysningMoms>${escapeXml(d.note)}</TextUpplysningMoms>`);
  lines.push("  </Moms>", "</eSKDUpload>");
  return lines.join("\r\n");
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * ISO-8859-1 bytes of a text, as the file's declaration says. A character outside Latin-1 has
 * no byte there: it is written as a character reference (&#NNNN;), which XML reads back as the
 * same character, so nothing is lost or replaced by a question mark.
 */
export function latin1(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0xff) out.push(code);
    else for (const c of `&#${code};`) out.push(c.charCodeAt(0));
  }
  return Uint8Array.from(out);
}
