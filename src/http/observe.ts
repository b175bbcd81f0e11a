// Request observers: functions the front door calls once per answered request, after the
// response is built (metrics, usage counting). They must be cheap and must not throw; a throwing
// observer is logged and the request is unaffected.

export interface RequestObservation {
  method: string;
  /** The route template (`/v1/alerts/:id`), or "unmatched" for a path no route serves. */
  route: string;
  status: number;
  duration_ms: number;
  /** The authenticated account and key ids, when the request got that far (or the known key a failed signature presented). */
  account?: string;
  key?: string;
  /** "ok" for a success, else the problem code (`rate_limited`, `invalid_signature`, …) or "error". */
  outcome: string;
}

export type RequestObserver = (observation: RequestObservation) => void;
