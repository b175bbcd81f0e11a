// Spectral ruleset for the OpenAPI document (test/http/openapi-lint.test.ts): the OpenAPI rules
// and the OWASP API Security Top 10 ruleset, both loaded from node_modules (no network). The
// changes to OWASP's rules below are explained in docs/api.md ("OpenAPI lint").
import { oas } from "@stoplight/spectral-rulesets";
import owasp from "@stoplight/spectral-owasp-ruleset";
import { schema } from "@stoplight/spectral-functions";

export default {
  extends: [[oas, "recommended"], [owasp, "recommended"]],
  rules: {
    // OWASP's rule requires exactly one of RateLimit / X-RateLimit-Limit (oneOf); Assay sends
    // both, so the same check is made with anyOf. 401s are left out: the caller is unknown, no
    // account limit applies (failed attempts have their own limiter and get 429).
    "owasp:api4:2023-rate-limit": "off",
    "assay-rate-limit-headers": {
      description: "Every 2XX and 4XX (but 401) answer of /v1 declares its rate-limit headers.",
      message: "{{error}}",
      severity: "error",
      given: "$.paths[?(@property.startsWith('/v1'))]..responses[?(@property.match(/^(2|4)/) && @property != '401')]",
      then: {
        field: "headers",
        function: schema,
        functionOptions: { schema: { type: "object", anyOf: [{ required: ["RateLimit"] }, { required: ["X-RateLimit-Limit"] }] } },
      },
    },
    // Assay's API is called server to server with secrets a browser must never hold; it sends no
    // CORS headers on purpose, so declaring Access-Control-Allow-Origin would be untrue.
    "owasp:api8:2023-define-cors-origin": "off",
  },
  overrides: [
    {
      // /livez is the load balancer's liveness probe: deliberately unauthenticated, unlimited,
      // with no input and no detail in its answer.
      files: ["**#/paths/~1livez"],
      rules: {
        "owasp:api2:2023-read-restricted": "off",
        "owasp:api4:2023-rate-limit-responses-429": "off",
        "owasp:api8:2023-define-error-responses-401": "off",
        "owasp:api8:2023-define-error-responses-500": "off",
        "owasp:api8:2023-define-error-validation": "off",
      },
    },
  ],
};
