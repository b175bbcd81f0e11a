// Files embedded into the binary with `import x from "…" with { type: "file" }` resolve to a path.
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "*/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "*.yaml" {
  const text: string;
  export default text;
}
declare module "*/dashboard.client.js" {
  const text: string;
  export default text;
}
