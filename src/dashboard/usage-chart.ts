// The usage chart: requests per minute over a window as an area, refusals (429) and failed
// authentications as bars, and the plan's per-minute limit as a dashed line. Inline SVG drawn on
// the server from numbers only (no script, no style attribute: the CSP allows neither).

export interface MinuteSeries {
  fromMinute: number;
  requests: Float64Array;
  limited: Float64Array;
  failedAuth: Float64Array;
}

const W = 1100;
const H = 260;
const PAD = { left: 48, right: 12, top: 14, bottom: 28 };

function niceMax(value: number): number {
  if (value <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString("en-US") : n.toFixed(1));

export function usageChart(s: MinuteSeries, planPerMinute: number, title: string): string {
  const n = s.requests.length;
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, s.requests[i]!);
  // Scale to the traffic; show the limit line when it is in range, else say where it is.
  const limitInRange = planPerMinute <= Math.max(peak * 1.5, 5);
  const yMax = niceMax(Math.max(peak * 1.15, limitInRange ? planPerMinute * 1.1 : 0, 1));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (i / Math.max(1, n - 1)) * plotW;
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;

  const parts: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const v = yMax * t;
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#e2e5ea" stroke-width="1"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${fmt(v)}</text>`);
  }
  // Hour labels every 3 hours, at whole hours.
  for (let i = 0; i < n; i++) {
    const minute = s.fromMinute + i;
    if (minute % 180 !== 0) continue;
    const label = new Date(minute * 60_000).toISOString().slice(11, 16);
    parts.push(`<line x1="${x(i).toFixed(1)}" x2="${x(i).toFixed(1)}" y1="${PAD.top}" y2="${PAD.top + plotH}" stroke="#f0f2f5" stroke-width="1"/>`);
    parts.push(`<text x="${x(i).toFixed(1)}" y="${H - 8}" text-anchor="middle">${label}</text>`);
  }
  let area = `M${x(0).toFixed(1)},${y(0).toFixed(1)}`;
  let line = "";
  for (let i = 0; i < n; i++) {
    const pt = `${x(i).toFixed(1)},${y(s.requests[i]!).toFixed(1)}`;
    area += ` L${pt}`;
    line += `${i ? " L" : "M"}${pt}`;
  }
  area += ` L${x(n - 1).toFixed(1)},${y(0).toFixed(1)} Z`;
  parts.push(`<path d="${area}" fill="#2f5bd3" fill-opacity="0.15"/>`);
  parts.push(`<path d="${line}" fill="none" stroke="#2f5bd3" stroke-width="1.5"/>`);
  const barW = Math.max(1.5, plotW / n);
  for (let i = 0; i < n; i++) {
    const limited = s.limited[i]!;
    const failed = s.failedAuth[i]!;
    if (limited) parts.push(`<rect x="${(x(i) - barW / 2).toFixed(1)}" y="${y(limited).toFixed(1)}" width="${barW.toFixed(1)}" height="${(y(0) - y(limited)).toFixed(1)}" fill="#d92d20"/>`);
    if (failed) parts.push(`<rect x="${(x(i) - barW / 2).toFixed(1)}" y="${y(failed + limited).toFixed(1)}" width="${barW.toFixed(1)}" height="${(y(limited) - y(failed + limited)).toFixed(1)}" fill="#f79009"/>`);
  }
  if (limitInRange) {
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(planPerMinute).toFixed(1)}" y2="${y(planPerMinute).toFixed(1)}" stroke="#7a2e0e" stroke-width="1.5" stroke-dasharray="6 4"/>`);
    parts.push(`<text x="${W - PAD.right - 4}" y="${(y(planPerMinute) - 5).toFixed(1)}" text-anchor="end">plan limit ${fmt(planPerMinute)}/min</text>`);
  } else {
    parts.push(`<text x="${W - PAD.right - 4}" y="${PAD.top + 10}" text-anchor="end">plan limit ${fmt(planPerMinute)}/min (above this scale)</text>`);
  }
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${title.replace(/[&<>"']/g, "")}">${parts.join("")}</svg>`;
}
