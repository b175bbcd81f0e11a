// The command table: every `assay` command and subcommand, its arguments and options with their
// descriptions, and the module that runs it (loaded only when it runs). `--help` pages, parsing,
// errors and docs/cli.md all come from here. A new command = one entry here plus its handler.
import { REPORT_FORMATS, REPORT_TYPES } from "../reports/types.ts";
import type { CommandTable, OptionSpec } from "./framework.ts";

const account: OptionSpec = { type: "string", value: "ID", description: "account id (acct_…); required when the database holds several accounts" };

export const COMMANDS: CommandTable = {
  serve: {
    summary: "run the API server until SIGTERM/SIGINT, then drain in-flight requests",
    options: {
      host: { type: "string", value: "H", description: "listen address (default: server.host)" },
      port: { type: "string", value: "N", description: "listen port, 0 for any free port (default: server.port)" },
    },
    handler: async () => (await import("./serve.ts")).serve,
  },
  init: {
    summary: "create what is missing of config file, data folder and master key (never overwrites)",
    json: '{"config": FILE, "created": [PATH, …]}',
    handler: async () => (await import("./init.ts")).init,
  },
  demo: {
    summary: "sample data, a demo account and key, and a running server, in one command",
    noConfig: true,
    options: {
      dir: { type: "string", value: "D", description: "folder for the demo (default ./assay-demo); must be empty or a previous demo" },
      host: { type: "string", value: "H", description: "listen address (default 127.0.0.1)" },
      port: { type: "string", value: "N", description: "listen port (default 8080)" },
      seed: { type: "string", value: "S", description: "random seed of the sample data, 0-4294967295 (default 42)" },
      "no-serve": { type: "boolean", description: "prepare and print, then exit without serving" },
    },
    json: '{"url", "config", "account", "key_id", "key", "secret", "dashboard_setup_url"} (one line, before the server logs)',
    handler: async () => (await import("./demo.ts")).demo,
  },
  install: {
    summary: "copy this binary into a folder on the PATH so `assay …` works as printed",
    noConfig: true,
    options: {
      prefix: { type: "string", value: "DIR", description: "target folder (default: /usr/local/bin when writable, else ~/.local/bin)" },
    },
    json: '{"installed": PATH, "on_path": boolean}',
    handler: async () => (await import("./install.ts")).install,
  },
  migrate: {
    summary: "list the configured store's schema migrations, applied and pending; --apply applies the pending ones",
    options: { apply: { type: "boolean", description: "apply pending migrations (init and serve apply them too)" } },
    json: '{"store", "target", "applied_now": [N, …], "migrations": [{"version", "name", "applied_at"}, …], "pending": N}',
    handler: async () => (await import("./migrate.ts")).migrateCommand,
  },
  "migrate-store": {
    summary: "copy the configured SQLite database into an EMPTY PostgreSQL database, verifying row counts per table",
    options: {
      to: { type: "string", value: "URL", description: "the target: postgres://user:password@host:5432/database (required)" },
      batch: { type: "string", value: "N", description: "rows per INSERT (1-5000, default 500)" },
    },
    json: '{"from", "to", "tables": [{"table", "source", "target"}, …], "rows", "verified": true}',
    handler: async () => (await import("./migrate.ts")).migrateStore,
  },
  accounts: {
    summary: "create and list accounts; move an account to another plan",
    subcommands: {
      create: {
        summary: "create an account (acct_…) on a plan",
        options: {
          name: { type: "string", value: "N", description: "the account's display name, at most 200 characters (required)" },
          plan: { type: "string", value: "P", description: "plan: standard, enterprise or one of config plans (default standard)" },
        },
        json: '{"object": "account", "id", "name", "plan", "created_at"}',
        handler: async () => (await import("./accounts.ts")).create,
      },
      list: {
        summary: "list accounts and their plans",
        json: '{"object": "list", "data": [account, …], "has_more": false}',
        handler: async () => (await import("./accounts.ts")).list,
      },
      "set-plan": {
        summary: "move an account to another plan (takes effect at once)",
        arguments: [{ name: "ACCOUNT_ID", description: "the account (acct_…)" }],
        options: { plan: { type: "string", value: "P", description: "the new plan (required)" } },
        json: '{"object": "account", …}',
        handler: async () => (await import("./accounts.ts")).setPlan,
      },
    },
  },
  keys: {
    summary: "create, list, revoke and rotate API keys",
    subcommands: {
      create: {
        summary: "mint an API key and secret for an account; both are printed once",
        options: {
          account: { type: "string", value: "ID", description: "the account (acct_…, required)" },
          name: { type: "string", value: "N", description: "a label for the key, at most 100 characters" },
          expires: { type: "string", value: "DURATION", description: "lifetime such as 90d, 24h (default: never)" },
        },
        json: '{"object": "api_key", "id": "key_…", "key": "ak_…", "secret": "sk_…", "account", …}',
        handler: async () => (await import("./keys.ts")).create,
      },
      list: {
        summary: "list keys by id and prefix (never prints keys or secrets)",
        options: { account: { type: "string", value: "ID", description: "only this account's keys" } },
        json: '{"object": "list", "data": [key, …], "has_more": false}',
        handler: async () => (await import("./keys.ts")).list,
      },
      revoke: {
        summary: "revoke a key; a running server refuses it from the next request",
        arguments: [{ name: "KEY_ID", description: "the key (key_…)" }],
        json: "the key's view with status revoked",
        handler: async () => (await import("./keys.ts")).revoke,
      },
      rotate: {
        summary: "mint a new key and secret; the old key keeps working for a grace period",
        arguments: [{ name: "KEY_ID", description: "the key to replace (key_…)" }],
        options: { grace: { type: "string", value: "DURATION", description: "how long the old key keeps working (default 24h)" } },
        json: "the new key (as keys create) with `previous`: the old key's view",
        handler: async () => (await import("./keys.ts")).rotate,
      },
    },
  },
  doctor: {
    summary: "check the database: full integrity_check, schema version, master key (read-only; exit 1 on a problem)",
    json: '{"ok", "database", "integrity_check", "problems": [..], "schema_version", "expected_schema_version", "master_key"}',
    handler: async () => (await import("./doctor.ts")).doctor,
  },
  users: {
    summary: "dashboard users: create (prints a one-time setup link), list, disable, reset",
    subcommands: {
      create: {
        summary: "create a dashboard user and print their one-time setup link (valid dashboard.setup_link_hours, default 24 h)",
        options: {
          email: { type: "string", value: "E", description: "the user's email, used to sign in (required)" },
          account: { type: "string", value: "ACCOUNT_ID", description: "the account the user belongs to (acct_…, required)" },
          role: { type: "string", value: "ROLE", description: "developer (their own account only, default) or admin (every account)" },
        },
        json: '{"id": "usr_…", "email", "role", "account", "setup_url": "http://HOST:PORT/dashboard/setup?token=…", "expires_at"}',
        handler: async () => (await import("./users.ts")).create,
      },
      list: {
        summary: "list dashboard users",
        options: { account: { type: "string", value: "ID", description: "only this account's users" } },
        json: '{"object": "list", "data": [user, …], "has_more": false}',
        handler: async () => (await import("./users.ts")).list,
      },
      disable: {
        summary: "disable a user; their sessions end at once and an unused setup link stops working",
        arguments: [{ name: "USER_ID", description: "the user (usr_…)" }],
        json: "the user's view with status disabled",
        handler: async () => (await import("./users.ts")).disable,
      },
      reset: {
        summary: "print a new setup link; the old password, earlier links and sessions stop working",
        arguments: [{ name: "USER_ID", description: "the user (usr_…)" }],
        json: '{"id", "email", "role", "setup_url", "expires_at"}',
        handler: async () => (await import("./users.ts")).reset,
      },
    },
  },
  config: {
    summary: "check the configuration file",
    subcommands: {
      check: {
        summary: "validate the configuration file; one line per problem with its YAML path",
        json: '{"ok": true, "file": FILE}',
        handler: async () => (await import("./config.ts")).check,
      },
    },
  },
  sign: {
    summary: "print the HMAC-SHA256 signature of a body read from standard input",
    noConfig: true,
    options: {
      secret: { type: "string", value: "S", description: "the API secret (default $ASSAY_API_SECRET)" },
      timestamp: { type: "string", value: "T", description: "unix seconds: sign `T.body` for X-Service-Timestamp" },
      method: { type: "string", value: "M", description: "request scope: the method (with --path and --timestamp)" },
      path: { type: "string", value: "P", description: "request scope: the path and query, e.g. /v1/alerts?limit=5" },
    },
    json: '{"signature": HEX, "timestamp": T|null}',
    details: "example: printf '%s' \"$BODY\" | assay sign",
    handler: async () => (await import("./sign.ts")).sign,
  },
  call: {
    summary: "send a signed request to a running server and print the response",
    noConfig: true,
    arguments: [
      { name: "METHOD", description: "GET, POST, PUT, PATCH or DELETE" },
      { name: "PATH", description: "the path, such as /v1/health" },
    ],
    options: {
      data: { type: "string", value: "JSON|@FILE", description: "the request body (JSON text, or @file to read it)" },
      url: { type: "string", value: "URL", description: "the server (default: --config's server, else $ASSAY_URL, else $ASSAY_CONFIG's server, else http://127.0.0.1:8080)" },
      config: { type: "string", value: "FILE", description: "the server's config file (else $ASSAY_CONFIG): its address, signature scope and timestamp rule" },
      timestamp: { type: "boolean", description: "sign with X-Service-Timestamp (replay protection)" },
      scope: { type: "string", value: "body|request", description: "signature scope (default $ASSAY_SIGNATURE_SCOPE, else body); request signs method and path too" },
      "idempotency-key": { type: "string", value: "K", description: "send Idempotency-Key: K" },
      include: { type: "boolean", short: "i", description: "print the status line and response headers" },
    },
    json: '{"status": N, "headers": {…}, "body": parsed JSON or text}',
    details: "reads ASSAY_API_KEY and ASSAY_API_SECRET (from `assay keys create`). Exit 0 for a 2xx answer, 1 otherwise.",
    handler: async () => (await import("./call.ts")).call,
  },
  alerts: {
    summary: "list alerts, offline, from the database",
    subcommands: {
      list: {
        summary: "list alerts, newest first, across every account unless --account narrows it",
        options: {
          status: { type: "string", value: "S", description: "open, acknowledged, resolved or dismissed" },
          severity: { type: "string", value: "S", description: "low, medium, high or critical" },
          connector: { type: "string", value: "C", description: "only alerts of this connector" },
          account: { type: "string", value: "ID", description: "only this account's alerts" },
          since: { type: "string", value: "TIME", description: "only alerts created at or after this date or RFC 3339 time" },
          limit: { type: "string", value: "N", description: "1-1000 (default 50)" },
        },
        json: '{"object": "list", "data": [alert, …], "has_more": boolean}',
        handler: async () => (await import("./alerts.ts")).list,
      },
    },
  },
  reports: {
    summary: "create (and --wait for) reports, list and show them, offline",
    subcommands: {
      create: {
        summary: "queue a report, or with --wait generate it here and write it",
        options: {
          type: { type: "string", value: "T", description: `${REPORT_TYPES.join(" | ")} (required)` },
          format: { type: "string", value: "F", description: `${REPORT_FORMATS.join(" | ")} (default json)` },
          from: { type: "string", value: "DATE", description: "period start (YYYY-MM-DD)" },
          to: { type: "string", value: "DATE", description: "period end (YYYY-MM-DD)" },
          connector: { type: "string", value: "C", description: "the connector to scan" },
          module: { type: "string", value: "M", description: "the analysis module" },
          account,
          wait: { type: "boolean", description: "generate the report in this process (progress on a terminal)" },
          out: { type: "string", value: "FILE", description: "with --wait: copy the finished file here (- for standard output)" },
        },
        json: "the report's view, as GET /v1/reports/{id} returns it",
        handler: async () => (await import("./reports.ts")).create,
      },
      list: {
        summary: "list reports (every account unless --account)",
        options: { account: { type: "string", value: "ID", description: "only this account's reports" } },
        json: '{"object": "list", "data": [report, …], "has_more": false}',
        handler: async () => (await import("./reports.ts")).list,
      },
      show: {
        summary: "show one report: status, figures and the file it wrote",
        arguments: [{ name: "REPORT_ID", description: "the report (rpt_…)" }],
        options: { account },
        json: "the report's view, as GET /v1/reports/{id} returns it",
        handler: async () => (await import("./reports.ts")).show,
      },
    },
  },
  simulate: {
    summary: "back-test: replay a connector under the configuration in force and a candidate, side by side",
    options: {
      connector: { type: "string", value: "C", description: "the connector whose transactions are replayed (required)" },
      module: { type: "string", value: "M", description: "the analysis module (required)" },
      from: { type: "string", value: "DATE", description: "only transactions dated on or after (YYYY-MM-DD)" },
      to: { type: "string", value: "DATE", description: "only transactions dated on or before (YYYY-MM-DD)" },
      with: { type: "string", value: "FILE", description: "the candidate configuration file (modules, rules, alerts.auto_threshold); default: the same" },
      labels: { type: "string", value: "FILE", description: "CSV transaction_id,label (1/0) instead of analysts' alert resolutions" },
      limit: { type: "string", value: "N", description: "replay at most N transactions" },
    },
    json: '{"object": "simulation", "current": side, "candidate": side, "labels", "changes", …} (docs/analysis.md)',
    details:
      "Nothing is recorded and no alert opens. An alert would open where the score reaches auto_threshold, unless a pattern\ndismissed as a false positive matches (counted as suppressed); precision, recall and F1 count labelled transactions\n(confirmed / false_positive resolutions).",
    handler: async () => (await import("./simulate.ts")).simulate,
  },
  backup: {
    summary: "write a consistent copy of the database while the server runs (SQLite VACUUM INTO)",
    options: { out: { type: "string", value: "FILE", description: "the backup file to write (required; never overwritten)" } },
    json: '{"backup": FILE, "integrity": "ok", "tables": {name: rows}}',
    details: "The copy is written 0600 whatever the umask: it holds what the database holds.\nPostgreSQL stores are backed up with pg_dump (docs/deployment.md).",
    handler: async () => (await import("./backup.ts")).backup,
  },
  restore: {
    summary: "replace the database with a backup (refused while a server uses it)",
    arguments: [{ name: "FILE", description: "a file written by `assay backup`" }],
    json: '{"restored": PATH, "from": FILE, "previous": PATH|null, "tables": {name: rows}}',
    details: "Stop the server first. The current database is kept as <path>.before-restore-<time>.\nThe restored database is written 0600 whatever the backup file's mode, and a missing\ndata folder is created 0700 (restoring onto a new host).",
    handler: async () => (await import("./backup.ts")).restore,
  },
  learn: {
    summary: "fit per-connector detector weights and the alert threshold to analysts' resolutions",
    options: {
      connector: { type: "string", value: "C", description: "only this connector (default: every connector with resolved alerts)" },
      "dry-run": { type: "boolean", description: "show before/after on held-out resolutions; write nothing" },
      rollback: { type: "boolean", description: "put the previous model version (or the configured weights) back in force" },
    },
    json: '{"object": "learn", "results": [{connector, status, labels, fit: {weights, threshold, before, after, …}, model}]} or {"object": "learn_rollback", …}',
    details: "Labels are alerts resolved or dismissed as confirmed / false_positive. A running server uses a new model within 30 s\n(or at SIGHUP); model_version then ends in +m<version>. Exit 1 when no connector has enough labels.",
    handler: async () => (await import("./learn.ts")).learn,
  },
  version: {
    summary: "print the version",
    noConfig: true,
    json: '{"version": "x.y.z"}',
    handler: async () => (await import("./version.ts")).version,
  },
};
