// One entry of the error catalogue (src/errors/catalogue.ts): its HTTP status and texts.

export interface CatalogueEntry {
  status: number;
  sv: string;
  en: string;
  hint?: string;
}

export const e = (status: number, sv: string, en: string, hint?: string): CatalogueEntry => ({ status, sv, en, hint });
