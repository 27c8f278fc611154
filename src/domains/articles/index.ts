// Articles: the company's products and services, with their price, VAT rate and revenue account.
// Owns: articles.
export { registerArticleRoutes } from "./routes";
export { archiveArticle, createArticle, loadArticle, updateArticle } from "./commands";
