// `assay serve [--config F] [--host H] [--port N]`: runs until SIGTERM/SIGINT, then drains.
import { createRuntime } from "../runtime.ts";
import { startServer } from "../server.ts";
import { VERSION } from "../version.ts";
import { CONFIG_OPTION, type CliIO, loadCliConfig, parse, runCommand, UsageError } from "./common.ts";

export function run(argv: string[], io: CliIO): Promise<number> {
  return runCommand(io, async () => {
    const { values } = parse(argv, { ...CONFIG_OPTION, host: { type: "string" }, port: { type: "string" } });
    let port: number | undefined;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: expected 0-65535 (got "${values.port}")`);
    }
    const config = loadCliConfig(values.config, io);
    const rt = createRuntime(config, { env: io.env });
    const server = startServer(rt, { host: values.host, port });
    rt.log.info("listening", { url: server.url, version: VERSION, config: config.file, storage: config.storage.path });
    await new Promise<void>((resolve) => {
      const shutdown = (signal: string) => {
        rt.log.info("shutting down", { signal });
        server.stop().then(resolve, (e) => {
          rt.log.error("shutdown failed", { error: String(e) });
          resolve();
        });
      };
      process.once("SIGTERM", () => shutdown("SIGTERM"));
      process.once("SIGINT", () => shutdown("SIGINT"));
    });
    rt.log.info("stopped");
  });
}
