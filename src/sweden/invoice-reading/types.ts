// The shapes the invoice reader works on (issue #43): the document's lines with their cells, and
// what it found. Pure types.
import type { FieldValue } from "./labels";

export interface TextCell {
  text: string;
  x0: number;
  x1: number;
}

export interface TextLine {
  page: number;
  text: string;
  cells: TextCell[];
}

export interface FoundField {
  value: FieldValue;
  page: number;
  /** the line the value was read from (the label's line, or the value's when it stood under it) */
  line: string;
  label: string | null;
  confidence: number;
  /** amounts: the base printed before a VAT amount */
  base?: number;
}

export type Fields = Record<string, FoundField>;

export interface ReadingWarning {
  code: "TOTALS_DO_NOT_ADD_UP" | "VAT_NOT_A_SWEDISH_RATE" | "VAT_SUM_DIFFERS" | "CHECK_DIGIT_FAILED";
  fields: string[];
  message: string;
  details?: Record<string, number>;
}
