// Skatteverket's work types (typ av arbete) for ROT and RUT. The codes are the element
// names of the claim schema, in the schema's order: ArendeUtfortArbeteRotTYPE and
// ArendeUtfortArbeteRutTYPE in komponent/V6/BegaranCOMPONENT.xsd (Skatteverket, schema
// V6, created 2016-10-03, RUT services of 2021 added 2020-11-26; a copy with its SHA-256
// is in ../shared/data/rotrut/SOURCES.md). The schema's order is the order of the
// elements in a claim file, so a file lists work types in this order.
import type { DeductionType } from "./rules";

export interface WorkType {
  code: string;
  type: DeductionType;
  /** Swedish label, as in Skatteverket's e-service */
  label: string;
  /**
   * Schablon work (SchablonarbeteTYPE): the file says only that it was done
   * (`<Utfort>true</Utfort>`), no hours or material.
   */
  schablon: boolean;
}

const rot = (code: string, label: string): WorkType => ({ code, type: "rot", label, schablon: false });
const rut = (code: string, label: string, schablon = false): WorkType => ({ code, type: "rut", label, schablon });

export const WORK_TYPES: readonly WorkType[] = [
  rot("Bygg", "Bygg"),
  rot("El", "El"),
  rot("GlasPlatarbete", "Glas- och plåtarbete"),
  rot("MarkDraneringarbete", "Mark- och dräneringsarbete"),
  rot("Murning", "Murning"),
  rot("MalningTapetsering", "Målning och tapetsering"),
  rot("Vvs", "VVS"),
  rut("Stadning", "Städning"),
  rut("KladOchTextilvard", "Kläd- och textilvård"),
  rut("Snoskottning", "Snöskottning"),
  rut("Tradgardsarbete", "Trädgårdsarbete"),
  rut("Barnpassning", "Barnpassning"),
  rut("Personligomsorg", "Personlig omsorg"),
  rut("Flyttjanster", "Flyttjänster"),
  rut("ItTjanster", "It-tjänster"),
  rut("ReparationAvVitvaror", "Reparation av vitvaror"),
  rut("Moblering", "Möblering"),
  rut("TillsynAvBostad", "Tillsyn av bostad"),
  rut("TransportTillForsaljning", "Transport till försäljning", true),
  rut("TvattVidTvattinrattning", "Tvätt vid tvättinrättning", true),
];

export const ROT_WORK_TYPE_CODES = WORK_TYPES.filter((w) => w.type === "rot").map((w) => w.code);
export const RUT_WORK_TYPE_CODES = WORK_TYPES.filter((w) => w.type === "rut").map((w) => w.code);

export function workType(code: string): WorkType | null {
  return WORK_TYPES.find((w) => w.code === code) ?? null;
}

/** The schema position of a code (for ordering a file's UtfortArbete). */
export function workTypeOrder(code: string): number {
  return WORK_TYPES.findIndex((w) => w.code === code);
}

/**
 * The labour share of a schablon service's price, in basis points. For laundry at a
 * laundry facility the labour cost is valued by schablon (Skatteverket, Rättslig
 * vägledning, Rutarbete: "För tvätt och transport värderas arbetskostnaden enligt
 * schablon"): half the price is labour (prop. 2020/21:1, the 2021 RUT extension). The
 * schablon for transport to a second-hand business is not in a source we hold, so that
 * service is refused on invoices rather than guessed (see docs/rot-rut.md).
 */
export const SCHABLON_LABOUR_SHARE_BP: Readonly<Record<string, number>> = {
  TvattVidTvattinrattning: 5000,
};
