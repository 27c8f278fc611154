// The money fields now live in the API's field vocabulary (src/http/fields.ts).
export { AccountNumberSchema, CurrencySchema, ExchangeRateSchema, PositiveAmountSchema, SignedAmountSchema, VatRateSchema } from "../../http/fields";
