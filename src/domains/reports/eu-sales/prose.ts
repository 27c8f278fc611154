// The OpenAPI summaries and descriptions of the routes in routes.ts.

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  euSalesList: {
    summary: "Periodisk sammanställning (SKV 5740): EU sales per buyer VAT number, beside boxes 35/38/39",
  },
  euSalesListFile: {
    summary: "Periodisk sammanställning as Skatteverket's upload file (SKV 574008, ISO 8859-1)",
  },
};
