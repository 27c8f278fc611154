// Font files are bundled as Data modules (wrangler.toml [[rules]] type = "Data"): the
// default export is the file's bytes.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
