// The bank's answers to a payment file, pure: pain.002 status reports (ISO 20022 pain.002.001.03
// and .10, CustomerPaymentStatusReport) read into statuses per end-to-end id, and the RF creditor
// reference (ISO 11649) built and checked by modulus 97.
import { describe, expect, it } from "vitest";
import { outcomeOf, parsePain002, statusesFor } from "../../src/sweden/payments/pain002";
import { compactRf, isValidRf, rfBase, rfReference } from "../../src/sweden/payments/rf";

const report = (version: string, body: string, group = "<GrpSts>PART</GrpSts>") => `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${version}">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2027-03-19T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>PB1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId>${group}</OrgnlGrpInfAndSts>
    ${body}
  </CstmrPmtStsRpt>
</Document>`;

describe("pain.002: statuses by end-to-end id", () => {
  it.each(["03", "10"])("reads each transaction's own status and reason (pain.002.001.%s)", (v) => {
    const r = parsePain002(
      report(
        v,
        `<OrgnlPmtInfAndSts><OrgnlPmtInfId>P1</OrgnlPmtInfId>
          <TxInfAndSts><OrgnlInstrId>I-1</OrgnlInstrId><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>
          <TxInfAndSts><OrgnlEndToEndId>E2</OrgnlEndToEndId><TxSts>RJCT</TxSts>
            <StsRsnInf><Rsn><Cd>AC01</Cd></Rsn><AddtlInf>Felaktigt kontonummer</AddtlInf></StsRsnInf></TxInfAndSts>
        </OrgnlPmtInfAndSts>`,
      ),
    );
    expect([r.version, r.messageId, r.originalMessageId, r.groupStatus]).toEqual([v, "STS-1", "PB1", "PART"]);
    expect(
      r.transactions.map((t) => [t.endToEndId, t.instructionId, t.status, t.outcome, t.reasonCode, t.reasonText]),
    ).toEqual([
      ["E1", "I-1", "ACSC", "accepted", null, null],
      ["E2", null, "RJCT", "rejected", "AC01", "Felaktigt kontonummer"],
    ]);
  });

  it("gives a payment information's or the group's status to the payments it does not list", () => {
    const pmtRejected = parsePain002(
      report(
        "03",
        `<OrgnlPmtInfAndSts><OrgnlPmtInfId>P1</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts>
           <StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></OrgnlPmtInfAndSts>`,
      ),
    );
    const payments = [
      { endToEndId: "E1", paymentInformationId: "P1" },
      { endToEndId: "E2", paymentInformationId: "P2" },
    ];
    const s = statusesFor(pmtRejected, payments);
    expect([...s].map(([e, x]) => [e, x.status, x.outcome, x.reasonCode, x.level])).toEqual([
      ["E1", "RJCT", "rejected", "AM04", "payment_information"],
    ]);
    const groupAccepted = parsePain002(report("03", "", "<GrpSts>ACCP</GrpSts>"));
    expect([...statusesFor(groupAccepted, payments).values()].map((x) => [x.outcome, x.level])).toEqual([
      ["accepted", "group"],
      ["accepted", "group"],
    ]);
    // PART says only that some were accepted: no payment takes it
    expect(statusesFor(parsePain002(report("03", "")), payments).size).toBe(0);
  });

  it("finds a payment by its instruction id too", () => {
    const r = parsePain002(
      report(
        "03",
        `<OrgnlPmtInfAndSts><OrgnlPmtInfId>P1</OrgnlPmtInfId>
          <TxInfAndSts><OrgnlInstrId>E9</OrgnlInstrId><TxSts>RJCT</TxSts></TxInfAndSts></OrgnlPmtInfAndSts>`,
      ),
    );
    expect(statusesFor(r, [{ endToEndId: "E9", paymentInformationId: "P1" }]).get("E9")?.outcome).toBe("rejected");
  });

  it.each([
    ["ACTC", "accepted"],
    ["ACCP", "accepted"],
    ["ACSP", "accepted"],
    ["ACSC", "accepted"],
    ["ACWC", "accepted"],
    ["PDNG", "pending"],
    ["PART", "pending"],
    ["RJCT", "rejected"],
    [null, "pending"],
  ])("status %s is %s", (code, outcome) => expect(outcomeOf(code)).toBe(outcome));

  it.each([
    ["not XML at all", "hello"],
    ["another message", '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'],
    ["a version not read", report("02", "")],
    ["no report inside", '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><X/></Document>'],
  ])("refuses %s", (_, text) => expect(() => parsePain002(text)).toThrow());
});

describe("RF creditor reference (ISO 11649)", () => {
  // ISO 11649's own example: RF18 5390 0754 7034
  it.each([
    ["RF18 5390 0754 7034", true],
    ["RF18539007547034", true],
    ["rf18539007547034", true],
    ["RF19539007547034", false],
    ["RF18539007547035", false],
    ["RF1", false],
    ["RF18", false],
    ["XX18539007547034", false],
    ["RF18123456789012345678901", false],
  ])("%s is valid: %s", (ref, valid) => expect(isValidRf(ref)).toBe(valid));

  it.each([
    ["539007547034", "RF18539007547034"],
    ["1234567897", "RF521234567897"],
    ["A1", "RF90A1"],
  ])("the reference of %s is %s, and back", (base, ref) => {
    expect(rfReference(base)).toBe(ref);
    expect(isValidRf(ref)).toBe(true);
    expect(rfBase(ref)).toBe(base);
  });

  it("takes no base it cannot carry", () => {
    expect(() => rfReference("1234567890123456789012")).toThrow(RangeError);
    expect(() => rfReference("Å1")).toThrow(RangeError);
    expect(rfBase("RF00123")).toBeNull();
    expect(compactRf(" rf18 5390 ")).toBe("RF185390");
  });
});
