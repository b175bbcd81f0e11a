// The public view of a stored report (src/api/reports/model.ts's ReportObject describes it).
import type { ReportRecord, ReportStatus } from "../store/types.ts";
import { periodOf } from "./runner.ts";
import { CONTENT_TYPES, type ReportFormat, type ReportType } from "./types.ts";

export interface ReportView {
  id: string;
  object: "report";
  type: ReportType;
  format: ReportFormat;
  status: ReportStatus;
  period: { from: string | null; to: string | null };
  connector: string | null;
  module: string | null;
  progress: { processed: number; total: number | null; percent: number | null };
  summary: Record<string, unknown> | null;
  content_url: string | null;
  content_type: string;
  bytes: number | null;
  error: { code: string; message: string } | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  expires_at: string | null;
}

export function reportView(r: ReportRecord, retentionDays: number): ReportView {
  const done = r.status === "completed";
  const percent = done ? 100 : r.progress_total ? Math.min(100, Math.round((r.progress_processed / r.progress_total) * 1000) / 10) : r.status === "queued" ? 0 : null;
  const p = periodOf(r);
  return {
    id: r.id,
    object: "report",
    type: r.type as ReportView["type"],
    format: r.format as ReportView["format"],
    status: r.status,
    period: { from: p.from ?? null, to: p.to ?? null },
    connector: r.connector,
    module: r.module,
    progress: { processed: r.progress_processed, total: r.progress_total, percent },
    summary: r.summary,
    content_url: done ? `/v1/reports/${r.id}/content` : null,
    content_type: CONTENT_TYPES[r.format as ReportFormat],
    bytes: r.bytes,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? "" } : null,
    attempts: r.attempts,
    created_at: r.created_at,
    started_at: r.started_at,
    completed_at: r.completed_at,
    expires_at: r.completed_at ? new Date(Date.parse(r.completed_at) + retentionDays * 86_400_000).toISOString() : null,
  };
}
