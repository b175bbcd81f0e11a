// The test-only Prometheus text parser ships no types.
declare module "parse-prometheus-text-format" {
  export default function parse(text: string): unknown[];
}
