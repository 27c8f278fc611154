// Exchange rates (Riksbank, through a configurable client).
export { registerCurrencyRoutes } from "./routes";
export { sekRate, type SekRate } from "./rates";
