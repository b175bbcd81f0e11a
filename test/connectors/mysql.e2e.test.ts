// The mysql connector against the real MariaDB / MySQL (ASSAY_TEST_MYSQL_URL).
import { sqlConnectorSuite } from "./sql-suite.ts";
import { MYSQL_URL } from "../support/services.ts";

await sqlConnectorSuite("mysql", MYSQL_URL);
