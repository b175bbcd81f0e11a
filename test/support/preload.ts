// Loaded before every test file (bunfig.toml [test] preload): a global afterAll that drops the
// PostgreSQL databases test servers kept for restarts (bun test emits no process "exit").
import { afterAll } from "bun:test";
import { dropKeptDatabases } from "./postgres.ts";

afterAll(dropKeptDatabases);
