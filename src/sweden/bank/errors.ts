// The one error a bank file parser throws. Like SieParseError it carries where the file went
// wrong; unlike it, it also carries a stable code, so the import domain can map each case to
// the API's catalogue (the spec names no bank-import code yet: VALIDATION_ERROR or a new
// IMPORT_* code is the caller's choice).

import { FileLimitError } from "../../formats/limits";
import { XmlNameError } from "../../formats/xml-bounds";

export type BankFileErrorCode =
  /** No format matched; details.looked_for lists what was tried. */
  | "BANK_FILE_UNRECOGNISED"
  /** The caller named a format the content does not have. */
  | "BANK_FILE_FORMAT_MISMATCH"
  /** The file claims a format but breaks its rules (bad XML, short record, missing column). */
  | "BANK_FILE_MALFORMED"
  /** Control totals carried by the file disagree with its content (BgMax TK15, TK70). */
  | "BANK_FILE_TOTALS_MISMATCH"
  /** A generic_csv column mapping names a column the file does not have. */
  | "BANK_FILE_MAPPING_INVALID"
  /** The file is past one of its reader's limits (src/formats/limits.ts): details.limit, details.max. */
  | "FILE_LIMIT_EXCEEDED";

export class BankFileError extends Error {
  constructor(
    readonly code: BankFileErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "BankFileError";
  }
}

/** A reader's FileLimitError or XmlNameError as the bank parser's one error. */
export function boundsRefusal(err: unknown): BankFileError | null {
  if (err instanceof FileLimitError) {
    const { reason: _reason, ...details } = err.details();
    return new BankFileError("FILE_LIMIT_EXCEEDED", err.message, details);
  }
  if (err instanceof XmlNameError) return malformed(err.message, { [err.kind]: err.found });
  return null;
}

export const malformed = (message: string, details: Record<string, unknown> = {}) =>
  new BankFileError("BANK_FILE_MALFORMED", message, details);

/** The file is not the format named: the refusal of parsing it whole and of planning its ranges alike. */
export const mismatch = (format: string, expected: string) =>
  new BankFileError("BANK_FILE_FORMAT_MISMATCH", `the file is not ${format}: expected ${expected}`, {
    format,
    expected,
  });
