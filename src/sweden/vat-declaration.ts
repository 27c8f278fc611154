// Momsdeklaration (SKV 4700) boxes from the BAS 2026 VAT and revenue accounts.
// The account-to-box map follows the BAS account names (shared/data/bas): e.g. 3001
// "Försäljning inom Sverige, 25 % moms" -> box 05, 2611 "Utgående moms ... 25 %" ->
// box 10, 4535 "Inköp av tjänster från annat EU-land, 25 %" -> box 21, 2614
// "Utgående moms omvänd betalskyldighet, 25 %" -> box 30.
// Box 49 = 10+11+12+30+31+32+60+61+62 - 48 (Skatteverket's example file checks out
// this way: 225 500). Amounts are whole kronor, öre dropped, as the form takes them.
//
// The declaration is made of the taxable events, never of the settlement that follows it
// (isVatSettlementEntry): moving the period's VAT accounts to 2650 zeroes them, and read as
// movements it would undo boxes 10-12, 30-32, 48 and 60-62 of the period it is dated in.

import { isBalanceAccount } from "./bas";

export type Box =
  | "05"
  | "06"
  | "07"
  | "08"
  | "10"
  | "11"
  | "12"
  | "20"
  | "21"
  | "22"
  | "23"
  | "24"
  | "30"
  | "31"
  | "32"
  | "35"
  | "36"
  | "37"
  | "38"
  | "39"
  | "40"
  | "41"
  | "42"
  | "48"
  | "50"
  | "60"
  | "61"
  | "62";

type Side = "credit" | "debit";

/** [box, side whose positive balance counts, accounts or inclusive ranges] */
const MAP: [Box, Side, (string | [string, string])[]][] = [
  [
    "05",
    "credit",
    [
      "3000",
      "3001",
      "3002",
      "3003",
      "3106",
      ["3500", "3520"],
      "3530",
      "3540",
      "3550",
      ["3560", "3599"],
      ["3600", "3669"],
      ["3680", "3699"],
      "3911",
      "3914",
      ["3920", "3925"],
    ],
  ],
  ["06", "credit", ["3400", "3401", "3402", "3403"]],
  ["07", "credit", ["3211", "3212"]],
  ["08", "credit", ["3913"]],
  ["10", "credit", ["2610", "2611", "2612", "2613", "2616"]],
  ["11", "credit", ["2620", "2621", "2622", "2623", "2626"]],
  ["12", "credit", ["2630", "2631", "2632", "2633", "2636"]],
  ["20", "debit", ["4515", "4516", "4517"]],
  ["21", "debit", ["4535", "4536", "4537"]],
  ["22", "debit", ["4531", "4532", "4533"]],
  ["23", "debit", ["4415", "4416", "4417"]],
  ["24", "debit", ["4425", "4426", "4427"]],
  ["30", "credit", ["2614"]],
  ["31", "credit", ["2624"]],
  ["32", "credit", ["2634"]],
  ["35", "credit", ["3108", "3521", "3541"]],
  ["36", "credit", ["3105", "3522", "3542"]],
  ["39", "credit", ["3308"]],
  ["40", "credit", ["3305"]],
  ["41", "credit", ["3231"]],
  ["42", "credit", ["3004", "3404"]],
  ["48", "debit", ["2640", "2641", "2642", "2645", "2646", "2647", "2649"]],
  ["50", "debit", ["4545", "4546", "4547"]],
  ["60", "credit", ["2615"]],
  ["61", "credit", ["2625"]],
  ["62", "credit", ["2635"]],
];

export const BOX_NAMES: Record<Box | "49", string> = {
  "05": "Momspliktig försäljning som inte ingår i ruta 06, 07 eller 08",
  "06": "Momspliktiga uttag",
  "07": "Beskattningsunderlag vid vinstmarginalbeskattning",
  "08": "Hyresinkomster vid frivillig skattskyldighet",
  "10": "Utgående moms 25 %",
  "11": "Utgående moms 12 %",
  "12": "Utgående moms 6 %",
  "20": "Inköp av varor från ett annat EU-land",
  "21": "Inköp av tjänster från ett annat EU-land",
  "22": "Inköp av tjänster från ett land utanför EU",
  "23": "Inköp av varor i Sverige (omvänd skattskyldighet)",
  "24": "Övriga inköp av tjänster",
  "30": "Utgående moms 25 % på inköp i ruta 20-24",
  "31": "Utgående moms 12 % på inköp i ruta 20-24",
  "32": "Utgående moms 6 % på inköp i ruta 20-24",
  "35": "Försäljning av varor till ett annat EU-land",
  "36": "Försäljning av varor utanför EU",
  "37": "Mellanmans inköp av varor vid trepartshandel",
  "38": "Mellanmans försäljning av varor vid trepartshandel",
  "39": "Försäljning av tjänster till näringsidkare i annat EU-land",
  "40": "Övrig försäljning av tjänster omsatta utanför Sverige",
  "41": "Försäljning när köparen är skattskyldig i Sverige",
  "42": "Övrig försäljning m.m.",
  "48": "Ingående moms att dra av",
  "49": "Moms att betala eller få tillbaka",
  "50": "Beskattningsunderlag vid import",
  "60": "Utgående moms 25 % på import i ruta 50",
  "61": "Utgående moms 12 % på import i ruta 50",
  "62": "Utgående moms 6 % på import i ruta 50",
};

export function boxOf(account: string): { box: Box; side: Side } | null {
  for (const [box, side, accounts] of MAP) {
    if (accounts.some((a) => (typeof a === "string" ? a === account : account >= a[0] && account <= a[1])))
      return { box, side };
  }
  return null;
}

/** The accounts that feed a box, ranges spelled out (the EU sales list reads the lines of boxes 35, 38 and 39). */
export function accountsOfBox(box: Box): string[] {
  const out: string[] = [];
  for (const [b, , accounts] of MAP) {
    if (b !== box) continue;
    for (const a of accounts) {
      if (typeof a === "string") out.push(a);
      else for (let n = Number(a[0]); n <= Number(a[1]); n++) out.push(String(n));
    }
  }
  return out;
}

/** BAS 2650 Redovisningskonto för moms: the account a VAT period's accounts are settled on. */
export const VAT_SETTLEMENT_ACCOUNT = "2650";

/** BAS 3740 Öres- och kronutjämning: where a settlement puts the öre it drops to reach whole kronor. */
export const ROUNDING_ACCOUNT = "3740";

/**
 * Whether an entry, given the accounts of its lines, settles VAT rather than records a taxable
 * event: the momsomföring (the period's 2610-2649 moved to 2650, the öre dropped on 3740) or the
 * payment of 2650 (against 1630 or a bank account). Recognised by what it does, not by who
 * posted it or how it is described, so a transfer entered by hand or imported from SIE is one:
 * a line on 2650 and no line on a result account (classes 3-8) other than 3740. A sale or
 * purchase is never one, even booked against 2650, since it has a revenue or cost line; a
 * correction between VAT accounts (2611 to 2621) is not one either, as it leaves 2650 alone.
 * The declaration (the report and the reconciliation of 2650 alike) leaves these entries out.
 */
export function isVatSettlementEntry(accounts: readonly string[]): boolean {
  return (
    accounts.includes(VAT_SETTLEMENT_ACCOUNT) && !accounts.some((a) => !isBalanceAccount(a) && a !== ROUNDING_ACCOUNT)
  );
}

/** Whole kronor, öre dropped toward zero. */
const kronor = (ore: number) => Math.trunc(ore / 100);

/**
 * The boxes from each account's debit and credit movement (öre) in the period.
 * Returns every box 05-62 and 49 in whole kronor.
 */
export function declarationBoxes(
  movements: Iterable<{ account: string; debitOre: number; creditOre: number }>,
): Record<Box | "49", number> {
  const ore = new Map<Box, number>();
  for (const m of movements) {
    const hit = boxOf(m.account);
    if (!hit) continue;
    const value = hit.side === "credit" ? m.creditOre - m.debitOre : m.debitOre - m.creditOre;
    ore.set(hit.box, (ore.get(hit.box) ?? 0) + value);
  }
  const boxes = {} as Record<Box | "49", number>;
  for (const [box] of MAP) boxes[box] = kronor(ore.get(box) ?? 0);
  boxes["37"] = 0;
  boxes["38"] = 0;
  const out = ["10", "11", "12", "30", "31", "32", "60", "61", "62"] as const;
  boxes["49"] = out.reduce((sum, b) => sum + boxes[b], 0) - boxes["48"];
  return boxes;
}

/** Box 49 positive is VAT to pay, negative VAT to get back (SKV 4700, ruta 49). */
export function vatToPayAndReclaim(box49: number): { toPay: number; toReclaim: number } {
  return { toPay: Math.max(box49, 0), toReclaim: Math.max(-box49, 0) };
}
