// The bank layouts by format name, in the order detection tries them: a layout whose header
// is a superset of another's comes first (nordea_business before nordea).

import type { CsvLayoutFormat } from "../../types";
import type { CsvLayout } from "../layout";
import { amex } from "./amex";
import { handelsbanken } from "./handelsbanken";
import { lunar } from "./lunar";
import { nordea, nordeaBusiness } from "./nordea";
import { revolut } from "./revolut";
import { seb } from "./seb";
import { skandia } from "./skandia";
import { sparbanken, swedbank } from "./swedbank";
import { wise, wiseBalance } from "./wise";

export const CSV_LAYOUTS: [CsvLayoutFormat, CsvLayout][] = [
  ["nordea_business", nordeaBusiness],
  ["nordea", nordea],
  ["swedbank", swedbank],
  ["sparbanken", sparbanken],
  ["seb", seb],
  ["handelsbanken", handelsbanken],
  ["amex", amex],
  ["revolut", revolut],
  ["wise", wise],
  ["wise_balance", wiseBalance],
  ["skandia", skandia],
  ["lunar", lunar],
];

export const layoutOf = (format: CsvLayoutFormat): CsvLayout => CSV_LAYOUTS.find(([f]) => f === format)![1];
