// An invoice line's unit as the UN/ECE Recommendation 20 code Peppol requires
// (BT-130, rule BR-CL-23). Lines carry a free-text unit in Swedish or English; the
// common ones map to their code, anything else (or none) is "C62", "one" (a unit
// count), which Recommendation 20 defines for exactly that. Pure.

const CODES: Record<string, string> = {
  st: "H87",
  "st.": "H87",
  styck: "H87",
  pcs: "H87",
  piece: "H87",
  ea: "H87",
  h: "HUR",
  tim: "HUR",
  timme: "HUR",
  timmar: "HUR",
  hour: "HUR",
  hours: "HUR",
  hr: "HUR",
  min: "MIN",
  dag: "DAY",
  dagar: "DAY",
  day: "DAY",
  days: "DAY",
  vecka: "WEE",
  week: "WEE",
  mån: "MON",
  månad: "MON",
  month: "MON",
  år: "ANN",
  year: "ANN",
  kg: "KGM",
  g: "GRM",
  ton: "TNE",
  t: "TNE",
  m: "MTR",
  km: "KMT",
  m2: "MTK",
  "m²": "MTK",
  kvm: "MTK",
  m3: "MTQ",
  "m³": "MTQ",
  l: "LTR",
  liter: "LTR",
  kwh: "KWH",
};

/** The Recommendation 20 code of a unit text ("st" -> H87, "tim" -> HUR); C62 when unknown. */
export function unitCodeOf(unit: string | null): string {
  const key = (unit ?? "").trim().toLowerCase();
  return CODES[key] ?? "C62";
}
