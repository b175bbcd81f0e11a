// Signed requests with Go's standard library (docs/signing.md): crypto/hmac and net/http.
// Reads ASSAY_URL, ASSAY_API_KEY and ASSAY_API_SECRET. Run with `go run sign.go`;
// test/docs/signing-recipes.test.ts runs it against a real server.
package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

func sign(secret, payload []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(payload)
	return hex.EncodeToString(mac.Sum(nil))
}

// call signs the exact body bytes (or "<ts>." + body when timestamped) and returns the status.
func call(method, path string, body []byte, timestamped bool) (int, error) {
	url := os.Getenv("ASSAY_URL")
	if url == "" {
		url = "http://127.0.0.1:8080"
	}
	req, err := http.NewRequest(method, url+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	payload := body
	if timestamped {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		req.Header.Set("X-Service-Timestamp", ts)
		payload = append([]byte(ts+"."), body...)
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv("ASSAY_API_KEY"))
	req.Header.Set("X-Service-Signature", sign([]byte(os.Getenv("ASSAY_API_SECRET")), payload))
	if len(body) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		problem, _ := io.ReadAll(res.Body)
		fmt.Fprintln(os.Stderr, string(problem))
	}
	return res.StatusCode, nil
}

func main() {
	health, err := call("GET", "/v1/health", nil, false)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("GET /v1/health -> %d\n", health)
	body := []byte(`{"connector":"inline","module":"revenue_leakage","data":{"transaction_id":"INV-1001","currency":"USD","lines":[{"sku":"SKU-1","quantity":10,"unit_price":80,"list_price":100}]}}`)
	analyze, err := call("POST", "/v1/analyze", body, true)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("POST /v1/analyze (timestamped) -> %d\n", analyze)
	if health != 200 || analyze != 200 {
		os.Exit(1)
	}
}
