// Health, the OpenAPI document, the reference page and the error catalogue.
export { registerMetaRoutes } from "./routes";
