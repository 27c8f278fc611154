// The VAT treatment rules (src/sweden/vat-treatment.ts) and Bankgirot's OCR digits
// (src/sweden/ocr.ts), against BAS 2026 account names and Bankgirot's example file.
import { describe, expect, it } from "vitest";
import { isValidOcr, luhnCheckDigit, ocrWithLength } from "../../src/sweden/ocr";
import {
  allowedSaleRates,
  articleRateProblem,
  countryOf,
  locationOf,
  purchaseBox,
  purchaseTreatment,
  reverseCharge,
  revenueAccountFits,
  saleBox,
  saleInvoiceTexts,
  saleRevenueAccount,
  saleTreatment,
} from "../../src/sweden/vat-treatment";

describe("where the other party is", () => {
  it("reads the country, else the VAT number's prefix (EL is Greece)", () => {
    expect(countryOf({ type: "eu_business", country: null, vatNumber: "EL123456789" })).toBe("GR");
    expect(locationOf({ type: "eu_business", country: "DE", vatNumber: "DE1" })).toBe("eu_business");
    expect(locationOf({ type: "individual", country: "FI", vatNumber: null })).toBe("eu_consumer");
    expect(locationOf({ type: "swedish_business", country: "NO", vatNumber: null })).toBe("non_eu_business");
    expect(locationOf({ type: "individual", country: "US", vatNumber: null })).toBe("non_eu_consumer");
    expect(locationOf({ type: "eu_business", country: "SE", vatNumber: null })).toBe("domestic");
  });
});

describe("sales", () => {
  it("maps each treatment to its BAS account and momsdeklaration box", () => {
    const cases: [Parameters<typeof saleTreatment>, string, string | null][] = [
      [["domestic", "goods", true], "3001", "05"],
      [["eu_business", "goods", true], "3108", "35"],
      [["eu_business", "services", true], "3308", "39"],
      [["eu_consumer", "goods", true], "3106", "05"],
      [["eu_consumer", "services", true], "3001", "05"],
      [["non_eu_business", "goods", true], "3105", "36"],
      [["non_eu_consumer", "goods", true], "3105", "36"],
      [["non_eu_business", "services", true], "3305", "40"],
    ];
    for (const [args, account, box] of cases) {
      const t = saleTreatment(...args);
      const rate = allowedSaleRates(t)[0];
      expect([saleRevenueAccount(t, rate), saleBox(t, rate)], t).toEqual([account, box]);
    }
    expect(saleRevenueAccount("domestic", 1200)).toBe("3002");
    expect(saleRevenueAccount("domestic", 600)).toBe("3003");
    expect(saleBox("domestic", 0)).toBe("42");
    expect(saleTreatment("eu_business", "goods", false)).toBe("not_vat_registered");
  });

  it("allows Swedish VAT only where the sale is taxed in Sweden", () => {
    expect(allowedSaleRates("eu_goods")).toEqual([0]);
    expect(allowedSaleRates("export_services")).toEqual([0]);
    expect(allowedSaleRates("eu_consumer_goods")).toEqual([2500, 1200, 600, 0]);
  });

  it("lets an account carry a line only when its box and rate fit", () => {
    expect(revenueAccountFits("3002", "eu_goods", 0)).toBe(false);
    expect(revenueAccountFits("3108", "eu_goods", 0)).toBe(true);
    expect(revenueAccountFits("3002", "domestic", 1200)).toBe(true);
    expect(revenueAccountFits("3002", "domestic", 2500)).toBe(false);
    expect(revenueAccountFits("3990", "domestic", 2500)).toBe(true);
    expect(revenueAccountFits("3990", "eu_services_reverse_charge", 0)).toBe(false);
  });

  it("cross-checks an article's rate with the rate its BAS account names", () => {
    expect(articleRateProblem("3001", 2500)).toBeNull();
    expect(articleRateProblem("3002", 2500)).toBe("revenue account 3002 is for 12 % VAT, not 25 %");
    expect(articleRateProblem("3004", 600)).not.toBeNull();
    expect(articleRateProblem("3308", 0)).toBeNull();
    expect(articleRateProblem("3010", 600)).toBeNull();
  });

  it("words the invoice for intra-EU goods and for reverse charge on services", () => {
    const texts = saleInvoiceTexts(["eu_goods", "eu_services_reverse_charge", "domestic"]);
    expect(texts).toHaveLength(4);
    expect(texts[0]).toMatch(/^Unionsintern leverans av varor.*art\. 138/);
    expect(texts[1]).toMatch(/^Intra-Community supply of goods/);
    expect(texts[2]).toMatch(/^Omvänd betalningsskyldighet/);
    expect(texts[3]).toMatch(/^Reverse charge/);
    expect(saleInvoiceTexts(["domestic"])).toEqual([]);
  });
});

describe("purchases", () => {
  it("reverse-charges EU goods and services, services from outside the EU and domestic construction", () => {
    const rc = (
      loc: Parameters<typeof purchaseTreatment>[0],
      supply: "goods" | "services",
      domestic: boolean,
      rate: number,
    ) => {
      const t = purchaseTreatment(loc, supply, domestic);
      const r = reverseCharge(t, supply, rate);
      return r && [r.purchaseAccount, r.outputVatAccount, r.inputVatAccount, purchaseBox(r)];
    };
    expect(rc("eu_business", "goods", false, 2500)).toEqual(["4515", "2614", "2645", "20"]);
    expect(rc("eu_business", "services", false, 1200)).toEqual(["4536", "2624", "2645", "21"]);
    expect(rc("non_eu_business", "services", false, 600)).toEqual(["4533", "2634", "2645", "22"]);
    expect(rc("domestic", "goods", true, 2500)).toEqual(["4415", "2614", "2647", "23"]);
    expect(rc("domestic", "services", true, 2500)).toEqual(["4425", "2614", "2647", "24"]);
    expect(rc("domestic", "services", false, 2500)).toBeNull();
    expect(rc("non_eu_business", "goods", false, 2500)).toBeNull();
    expect(rc("eu_business", "services", false, 0)).toBeNull();
  });
});

describe("OCR references (Bankgirot: check digit by modulus 10, length digit)", () => {
  it("computes the Luhn digit as for a personnummer", () => {
    expect(luhnCheckDigit("811218987")).toBe(6);
  });

  it("accepts the references of Bankgirot's example file for OCR control with check digit and length", () => {
    for (const ref of [
      "655969",
      "657866",
      "658765",
      "657767",
      "657965",
      "650861",
      "659763",
      "801266",
      "801365",
      "801464",
    ])
      expect(isValidOcr(ref), ref).toBe(true);
  });

  it("builds base + length digit + check digit, and rejects a changed digit", () => {
    expect(ocrWithLength("6559")).toBe("655969");
    expect(ocrWithLength("12")).toBe("1248");
    expect(ocrWithLength("12345678")).toMatch(/^123456780\d$/);
    expect(isValidOcr("655968")).toBe(false);
    expect(isValidOcr("65596")).toBe(false);
    expect(() => ocrWithLength("12a")).toThrow(RangeError);
  });
});
