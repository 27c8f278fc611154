// A bank file's limits (src/formats/limits.ts: camt's depth, elements, attributes and names;
// BgMax's and CSV's lines and line length), checked in one pass over the text before it is
// read: by the import route, so the file is refused before anything is stored, and by
// parseBankText for a file the operation reads.
import { checkTextLines } from "../../formats/limits";
import { checkCamtBounds } from "./camt-xml";
import { boundsRefusal } from "./errors";
import type { BankFormat } from "./types";

export function checkBankFileBounds(text: string, format: BankFormat): void {
  if (format === "camt053" || format === "camt054") {
    checkCamtBounds(text);
    return;
  }
  try {
    checkTextLines(text, format === "bgmax" ? "bgmax" : "bank_csv");
  } catch (err) {
    throw boundsRefusal(err) ?? err;
  }
}
