// Exit 0 when the test PostgreSQL answers (used by `make test` to decide on its postgres pass).
import { postgresAvailable } from "./postgres.ts";

process.exit((await postgresAvailable().catch(() => false)) ? 0 : 1);
