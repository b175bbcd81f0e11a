// The postgres connector against the real PostgreSQL (ASSAY_TEST_PG_URL).
import { sqlConnectorSuite } from "./sql-suite.ts";
import { PG_URL } from "../support/services.ts";

await sqlConnectorSuite("postgres", PG_URL);
