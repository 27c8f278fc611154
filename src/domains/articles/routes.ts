import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { booleanQuery, defineRoute, type HandlerContext } from "../../http/route";
import { ArticleInputSchema, ArticlePatchSchema } from "./schemas";
import { articleJson, listArticles, loadArticle } from "./commands";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Articles";
const BASE = "/api/v1/companies/{companyId}/articles";

const ArticleSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    name: z.string(),
    unit: z.string(),
    default_price: z.number(),
    vat_rate: z.number(),
    revenue_account: z.string(),
    supply_type: z.enum(["goods", "services"]),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Article");

const { read, write } = roomAccess(TAG, "invoices:read", "invoices:write");

const listArticlesRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "List articles",
  params: CompanyParams,
  query: z.object({
    include_archived: booleanQuery.optional(),
    search: z.string().min(1).max(100).optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.array(ArticleSchema),
});

async function listArticlesPage(c: HandlerContext<typeof listArticlesRoute>) {
  const q = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `articles:${companyId}:${q.include_archived}:${q.search}`, q.cursor, q.limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listArticles(database(c.env), companyId, q, page),
    (a) => ({ k: a.createdAt, i: a.id }),
  );
  return json(c, items.map(articleJson), 200, { next_cursor: nextCursor });
}

const getArticleRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get an article",
  params: CompanyItemParams,
  response: ArticleSchema,
});

async function getArticle(c: HandlerContext<typeof getArticleRoute>) {
  return json(c, articleJson(await loadArticle(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const createArticle = commandRoute("articles.create", "body", {
  ...write,
  method: "post",
  path: BASE,
  summary: "Create an article",
  description: PROSE.createArticleDescription,
  params: CompanyParams,
  body: ArticleInputSchema,
  response: ArticleSchema,
  status: 201,
});

const updateArticle = commandRoute("articles.update", "body+id", {
  ...write,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update an article; archived_at null restores it",
  description: PROSE.updateArticleDescription,
  params: CompanyItemParams,
  body: ArticlePatchSchema,
  response: ArticleSchema,
});

const archiveArticle = commandRoute("articles.archive", "id", {
  ...write,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Archive an article (204; again is a no-op)",
  params: CompanyItemParams,
  response: null,
  status: 204,
});

export function registerArticleRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listArticlesRoute, listArticlesPage);
  app.openapi(getArticleRoute, getArticle);
  app.openapi(createArticle.route, createArticle.handler);
  app.openapi(updateArticle.route, updateArticle.handler);
  app.openapi(archiveArticle.route, archiveArticle.handler);
}
