// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  createArticleDescription: prose`
    number is unique in the company (409 CONFLICT). revenue_account must be an active class-3
    account (ACCOUNTS_NOT_IN_CHART); without one the article takes the BAS account of its
    vat_rate (3001 25 %, 3002 12 %, 3003 6 %, 3004 0 %).
  `,
  updateArticleDescription: prose`
    The default account is taken at create only: a new vat_rate must fit the article's
    revenue_account (3001-3004 fix the rate), else VALIDATION_ERROR; send the new account with
    it.
  `,
  revenueAccountArticleField: prose`
    the account of a domestic sale; must agree with vat_rate where the BAS name fixes the rate
    (3001 25 %, 3002 12 %, 3003 6 %, 3004 0 %). An invoice to a customer abroad books the
    account of its VAT treatment instead
  `,
  supplyTypeField: prose`
    goods or services (default services): with the customer's location it decides an invoice
    line's VAT treatment
  `,
  revenueAccountInputField: prose`
    the account of a domestic sale; default the BAS account of vat_rate (3001 25 %, 3002 12 %,
    3003 6 %, 3004 0 % momsfri), as an invoice line without an article takes. Must agree with
    vat_rate where the BAS name fixes the rate. An invoice to a customer abroad books the
    account of its VAT treatment instead
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listArticles: {
    summary: "List articles",
  },
  getArticle: {
    summary: "Get an article",
  },
  createArticle: {
    summary: "Create an article",
    description: PROSE.createArticleDescription,
  },
  updateArticle: {
    summary: "Update an article; archived_at null restores it",
    description: PROSE.updateArticleDescription,
  },
  archiveArticle: {
    summary: "Archive an article (204; again is a no-op)",
  },
};
