"""Signed requests with the Python standard library only (docs/signing.md).

Reads ASSAY_URL, ASSAY_API_KEY and ASSAY_API_SECRET. Run by
test/docs/signing-recipes.test.ts against a real server.
"""
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request

URL = os.environ.get("ASSAY_URL", "http://127.0.0.1:8080")
API_KEY = os.environ["ASSAY_API_KEY"]
SECRET = os.environ["ASSAY_API_SECRET"].encode()


def call(method, path, body=b"", timestamped=False):
    """Signs the exact body bytes (or b"<ts>." + body) and returns the HTTP status."""
    headers = {"Authorization": "Bearer " + API_KEY}
    payload = body
    if timestamped:
        ts = str(int(time.time()))
        headers["X-Service-Timestamp"] = ts
        payload = ts.encode() + b"." + body
    headers["X-Service-Signature"] = hmac.new(SECRET, payload, hashlib.sha256).hexdigest()
    if body:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(URL + path, data=body or None, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status
    except urllib.error.HTTPError as error:  # 4xx/5xx: the body is problem+json
        print(error.read().decode(), file=sys.stderr)
        return error.code


health = call("GET", "/v1/health")
print(f"GET /v1/health -> {health}")
# Serialise once, sign and send those bytes.
body = json.dumps({
    "connector": "inline",
    "module": "revenue_leakage",
    "data": {"transaction_id": "INV-1001", "currency": "USD",
             "lines": [{"sku": "SKU-1", "quantity": 10, "unit_price": 80, "list_price": 100}]},
}).encode()
analyze = call("POST", "/v1/analyze", body, timestamped=True)
print(f"POST /v1/analyze (timestamped) -> {analyze}")
sys.exit(0 if health == 200 and analyze == 200 else 1)
