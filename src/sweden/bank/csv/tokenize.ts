// Delimited text as bank exports write it (RFC 4180 where they follow it): fields separated by
// semicolon, comma or TAB, optionally quoted with "..." in which the separator, line breaks
// and doubled quotes ("") are literal; lines end with CRLF, LF or CR.

export type Separator = ";" | "," | "\t";

export interface CsvRecord {
  cells: string[];
  /** 1-based line of the decoded text where the record starts. */
  line: number;
}

/** Separators outside quotes on one physical line (quotes are assumed not to span lines here). */
function countOutsideQuotes(line: string, sep: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === sep && !quoted) n++;
  }
  return n;
}

/**
 * The separator whose count per line is the same on most of the first lines. A title line
 * (Swedbank's "* Transaktioner Period ...") or decimal commas inside a semicolon file do not
 * sway it: they make the count vary, while the true separator repeats on every row.
 */
export function detectSeparator(text: string): Separator {
  const lines = text
    .slice(0, 65_536)
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== "")
    .slice(0, 30);
  let best: { sep: Separator; lines: number; count: number } = { sep: ";", lines: 0, count: 0 };
  for (const sep of [";", "\t", ","] as Separator[]) {
    const tally = new Map<number, number>();
    for (const l of lines) {
      const n = countOutsideQuotes(l, sep);
      if (n > 0) tally.set(n, (tally.get(n) ?? 0) + 1);
    }
    for (const [count, times] of tally) {
      if (times > best.lines || (times === best.lines && count > best.count)) best = { sep, lines: times, count };
    }
  }
  return best.sep;
}

/**
 * The records of a CSV text. `firstLine` is the text's first line in the file: a byte range of a
 * large file (src/sweden/bank/csv/ranges.ts) starts at a line end outside quotes, so its records
 * read the same as in the whole file and carry the same line numbers.
 */
export function tokenizeCsv(text: string, sep: Separator, firstLine = 1): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = firstLine;
  let recordLine = firstLine;
  let fieldStarted = false;
  const endCell = () => {
    cells.push(cell);
    cell = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endCell();
    records.push({ cells, line: recordLine });
    cells = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else if (ch === "\r" && text[i + 1] === "\n") {
        // A line break inside quotes is kept as one "\n", whatever the file's line ends.
      } else {
        if (ch === "\n" || ch === "\r") line++;
        cell += ch === "\r" ? "\n" : ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted && cell.trim() === "") {
      cell = "";
      quoted = true;
      fieldStarted = true;
    } else if (ch === sep) {
      endCell();
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      // the run of ordinary characters up to the next quote, separator or line end, taken as one
      // slice: adding a character at a time made a string a character (issue #34 item 4)
      let j = i + 1;
      while (j < text.length) {
        const c = text[j];
        if (c === '"' || c === sep || c === "\r" || c === "\n") break;
        j++;
      }
      const run = text.slice(i, j);
      cell += run;
      if (!fieldStarted && /[^ ]/.test(run)) fieldStarted = true;
      i = j - 1;
    }
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records.filter((r) => r.cells.some((c) => c.trim() !== ""));
}
