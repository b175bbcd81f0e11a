// POST /v1/analyze without HTTP: maps the validated body and the caller onto the engine.
import type { AnalysisEngine, AnalysisResult } from "../../domain/analysis.ts";

export interface AnalyzeInput {
  connector: string;
  module: string;
  data?: Record<string, unknown>;
  options?: Record<string, unknown>;
}

export function analyze(engine: AnalysisEngine, accountId: string, body: AnalyzeInput, signal?: AbortSignal): Promise<AnalysisResult> {
  return engine.analyze({
    accountId,
    connector: body.connector,
    module: body.module,
    data: body.data,
    options: body.options,
    signal,
  });
}
