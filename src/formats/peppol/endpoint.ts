// A Peppol participant's electronic address (EndpointID, BT-34 / BT-49): a scheme from
// the Electronic Address Scheme list (EAS) and an identifier. The schemes a Swedish
// seller meets most are checked for what they are; any other listed scheme is taken as
// given. Pure.
import { luhnValid } from "../../sweden/identity";

/**
 * The EAS codes Peppol BIS 3.0 accepts for an EndpointID: rule PEPPOL-EN16931-CL008
 * (fatal) of shared/data/peppol/validation/PEPPOL-EN16931-UBL.xslt, release 2026.5 (a
 * narrower list than the CEN rule BR-CL-25's). 9955, the Swedish VAT number, is no
 * longer on it: a Swedish party is addressed by its organisation number, 0007.
 */
export const EAS_CODES = new Set(
  (
    "0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191 0192 0195 0196 0198 " +
    "0199 0200 0201 0204 0208 0209 0210 0211 0216 0218 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 " +
    "9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 " +
    "9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959"
  ).split(" "),
);

/** GS1 check digit (mod 10, weights 3 and 1 from the right) of a GLN (13 digits). */
export function glnValid(gln: string): boolean {
  if (!/^\d{13}$/.test(gln)) return false;
  const digits = [...gln].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A Swedish organisation number as Peppol's 0007 wants it: ten digits, Luhn-valid, no hyphen. */
function swedishOrgDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "").replace(/^16(?=\d{10}$)/, "");
  return /^\d{10}$/.test(digits) && luhnValid(digits) ? digits : null;
}

export type EndpointCheck = { ok: true; scheme: string; value: string } | { ok: false; message: string };

/**
 * Checks and normalises an endpoint id: 0007 an organisation number (stored as ten
 * digits), 0088 a GLN with its check digit; another scheme must be on the EAS list and
 * its identifier is kept as given (trimmed). 9955 is refused with the reason: a document
 * addressed with it fails PEPPOL-EN16931-CL008, and the VAT number's ten digits are the
 * organisation number, so the 0007 address is the same party.
 */
export function checkEndpointId(scheme: string, value: string): EndpointCheck {
  const v = value.trim();
  if (scheme === "9955")
    return {
      ok: false,
      message:
        "9955 (Swedish VAT number) has been withdrawn from Peppol's EAS code list; use 0007 with the organisation number",
    };
  if (!EAS_CODES.has(scheme)) return { ok: false, message: `scheme ${scheme} is not on Peppol's EAS code list` };
  if (!v) return { ok: false, message: "value is empty" };
  if (scheme === "0007") {
    const digits = swedishOrgDigits(v);
    return digits
      ? { ok: true, scheme, value: digits }
      : { ok: false, message: "0007 needs a Swedish organisation number (ten digits, valid check digit)" };
  }
  if (scheme === "0088")
    return glnValid(v)
      ? { ok: true, scheme, value: v }
      : { ok: false, message: "0088 needs a GLN (13 digits, valid GS1 check digit)" };
  return { ok: true, scheme, value: v };
}
