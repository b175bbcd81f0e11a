#!/bin/sh
# Signed requests with curl and openssl (docs/signing.md). Reads ASSAY_URL, ASSAY_API_KEY and
# ASSAY_API_SECRET. Run by test/docs/signing-recipes.test.ts against a real server.
set -eu
URL=${ASSAY_URL:-http://127.0.0.1:8080}

# HMAC-SHA256 of standard input, keyed with the secret, as lower-case hex.
sign() { openssl dgst -sha256 -hmac "$ASSAY_API_SECRET" | awk '{print $NF}'; }

# 1. A request without a body signs the empty string.
SIG=$(printf '' | sign)
STATUS=$(curl -s -o /dev/null -w '%{http_code}' "$URL/v1/health" \
  -H "Authorization: Bearer $ASSAY_API_KEY" -H "X-Service-Signature: $SIG")
echo "GET /v1/health -> $STATUS"

# 2. Timestamped (replay protection): sign "<unix seconds>.<exact body bytes>" and send the
#    same bytes with --data-binary (plain --data would strip newlines).
BODY='{"connector":"inline","module":"revenue_leakage","data":{"transaction_id":"INV-1001","currency":"USD","lines":[{"sku":"SKU-1","quantity":10,"unit_price":80,"list_price":100}]}}'
TS=$(date +%s)
SIG=$(printf '%s.%s' "$TS" "$BODY" | sign)
STATUS2=$(curl -s -o /dev/null -w '%{http_code}' "$URL/v1/analyze" \
  -H "Authorization: Bearer $ASSAY_API_KEY" -H "X-Service-Timestamp: $TS" -H "X-Service-Signature: $SIG" \
  -H "Content-Type: application/json" --data-binary "$BODY")
echo "POST /v1/analyze (timestamped) -> $STATUS2"

[ "$STATUS" = 200 ] && [ "$STATUS2" = 200 ]
