// Inline SVG charts for the html report: no scripts, fonts or network, so the page renders the
// same in an air-gapped browser, in a mail client, and printed.

export interface ChartItem {
  label: string;
  value: number;
}

const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#16a34a", "#0891b2", "#ca8a04", "#4b5563"];
const LEVEL_COLOURS: Record<string, string> = { low: "#16a34a", medium: "#ca8a04", high: "#ea580c", critical: "#dc2626" };

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function colour(label: string, i: number) {
  return LEVEL_COLOURS[label] ?? PALETTE[i % PALETTE.length]!;
}

function short(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${(n / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  return full(n);
}

/** With thousands separators, two decimals at most. */
function full(n: number): string {
  const fraction = Number.isInteger(n) ? 0 : 2;
  return n.toLocaleString("en-US", { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
}

/** Horizontal bars, one per item, labelled with name and value. */
export function barChart(items: ChartItem[], title: string, maxItems = 15, format: (n: number) => string = short): string {
  const shown = items.slice(0, maxItems);
  if (shown.length === 0) return "";
  const rowH = 22;
  const labelW = 230;
  const barW = 360;
  const width = labelW + barW + 80;
  const height = shown.length * rowH + 8;
  const max = Math.max(...shown.map((i) => i.value), 0) || 1;
  const bars = shown
    .map((item, i) => {
      const y = 4 + i * rowH;
      const w = Math.max(item.value > 0 ? 2 : 0, Math.round((item.value / max) * barW));
      const label = item.label.length > 36 ? `${item.label.slice(0, 35)}…` : item.label;
      return (
        `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${escapeXml(label)}</text>` +
        `<rect x="${labelW}" y="${y + 3}" width="${w}" height="${rowH - 6}" rx="2" fill="${colour(item.label, i)}"><title>${escapeXml(`${item.label}: ${format(item.value)}`)}</title></rect>` +
        `<text x="${labelW + w + 6}" y="${y + 15}">${format(item.value)}</text>`
      );
    })
    .join("");
  return svg(width, height, title, bars);
}

/** Vertical columns over an ordered axis (e.g. days). */
export function columnChart(items: ChartItem[], title: string, maxItems = 60): string {
  const shown = items.slice(-maxItems);
  if (shown.length === 0) return "";
  const height = 180;
  const plotH = 130;
  const colW = Math.max(6, Math.min(28, Math.floor(560 / shown.length)));
  const width = Math.max(200, shown.length * colW + 40);
  const max = Math.max(...shown.map((i) => i.value), 0) || 1;
  const every = Math.ceil(shown.length / 8);
  const cols = shown
    .map((item, i) => {
      const h = Math.max(item.value > 0 ? 2 : 0, Math.round((item.value / max) * plotH));
      const x = 30 + i * colW;
      const tick = i % every === 0 ? `<text x="${x}" y="${height - 4}" class="tick">${escapeXml(item.label.slice(5))}</text>` : "";
      return `<rect x="${x}" y="${10 + plotH - h}" width="${colW - 2}" height="${h}" fill="${PALETTE[0]}"><title>${escapeXml(`${item.label}: ${full(item.value)}`)}</title></rect>${tick}`;
    })
    .join("");
  const axis = `<text x="2" y="18" class="tick">${short(max)}</text><line x1="28" y1="${10 + plotH}" x2="${width}" y2="${10 + plotH}" stroke="#9ca3af"/>`;
  return svg(width, height, title, axis + cols);
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeXml(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" class="chart">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}
