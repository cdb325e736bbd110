// The dashboard's charts, in their own chunk (charts-code.ts): the sign-in page and the rest of
// the app load no chart code. Drawn as plain SVG from d3's shapes and scales rather than with
// nivo, whose code on a phone with a slow CPU costs more to run and to draw than everything else
// on the page together (docs/architecture.md); d3's scales are left out too, as their number and
// date formats come with locales, three times the size of the shapes. Each chart is hidden from
// assistive technology and described by a visually hidden table with the same figures.
import { arc, area, line, pie, type PieArcDatum } from 'd3-shape';
import { formatDayKey } from '../../../lib/format';
import type { ChannelBreakdown, SeriesItem } from '../api/types';
import { useWidth } from './use-width';

const BRAND = '#1754a1';
// The sky blue and grey slices carry white counts too: dark enough to read on.
const PIE_COLOURS = ['#1754a1', '#0369a1', '#475569'];
/** Axis ticks at a size people read without leaning in; grid lines faint. */
const TICK = { fontSize: 12, fill: '#334155' };
const GRID = '#e2e8f0';
/** The charts' height (.dash-chart in dashboard.css). */
const HEIGHT = 260;
const MARGIN = { top: 10, right: 16, bottom: 40, left: 36 };
/** A slice narrower than this carries no count (it would not fit). */
const LABEL_MIN_ANGLE = (12 * Math.PI) / 180;

/**
 * About `count` whole-number ticks from 0 to at least `max`, 1, 2 or 5 times a power of ten
 * apart (0, 5, 10, 15 rather than 0, 4.2, 8.4): the last is the axis' top.
 */
export function countTicks(max: number, count: number): number[] {
  const rough = Math.max(1, max) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough);
  const top = Math.ceil(Math.max(1, max) / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: [string, string];
  rows: [string, string | number][];
}) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col">{headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EntriesAreaChart({ data }: { data: SeriesItem[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  // Days as people write them ('27 Oct'), not the server's keys ('2026-10-27').
  const points = data.map((d) => ({ label: formatDayKey(d.date), value: d.value }));
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const yTicks = countTicks(Math.max(0, ...points.map((p) => p.value)), 5);
  const top = yTicks[yTicks.length - 1];
  const x = (i: number) => (i * innerWidth) / Math.max(1, points.length - 1);
  const y = (value: number) => innerHeight - (value / top) * innerHeight;
  const toLine = line<number>((_, i) => x(i), y);
  const toArea = area<number>((_, i) => x(i), innerHeight, y);
  const values = points.map((p) => p.value);
  return (
    <>
      <div className="dash-chart" aria-hidden="true" ref={ref}>
        {width > 0 && (
          <svg width={width} height={HEIGHT}>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
              {yTicks.map((tick) => (
                <g key={tick} transform={`translate(0,${y(tick)})`}>
                  <line x2={innerWidth} stroke={GRID} />
                  <text x={-8} dy="0.32em" textAnchor="end" {...TICK}>
                    {tick}
                  </text>
                </g>
              ))}
              <path d={toArea(values) ?? ''} fill={BRAND} fillOpacity={0.2} />
              <path d={toLine(values) ?? ''} fill="none" stroke={BRAND} strokeWidth={2} />
              {points.map((p, i) => (
                <circle key={p.label} cx={x(i)} cy={y(p.value)} r={2.5} fill={BRAND}>
                  <title>{`${p.label}: ${p.value}`}</title>
                </circle>
              ))}
              {points.map((p, i) =>
                i % 5 === 0 ? (
                  <text
                    key={p.label}
                    transform={`translate(${x(i)},${innerHeight + 10}) rotate(-45)`}
                    textAnchor="end"
                    dy="0.32em"
                    {...TICK}
                  >
                    {p.label}
                  </text>
                ) : null,
              )}
            </g>
          </svg>
        )}
      </div>
      <DataTable
        caption="Entries per day, last 30 days"
        headers={['Date', 'Entries']}
        rows={points.map((p) => [p.label, p.value])}
      />
    </>
  );
}

interface Slice {
  id: string;
  label: string;
  value: number;
  colour: string;
}

export function ChannelPie({ data }: { data: ChannelBreakdown }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const slices: Slice[] = [
    { id: 'WhatsApp', label: 'WhatsApp', value: data.whatsapp ?? 0, colour: PIE_COLOURS[0] },
    { id: 'Email', label: 'Email', value: data.email ?? 0, colour: PIE_COLOURS[1] },
    { id: 'Other', label: 'Other', value: data.other ?? 0, colour: PIE_COLOURS[2] },
  ];
  const radius = Math.max(0, Math.min(width, HEIGHT) / 2 - 8);
  const toPath = arc<PieArcDatum<Slice>>()
    .innerRadius(radius * 0.5)
    .outerRadius(radius);
  // In the slices' order (WhatsApp, Email, Other), clockwise from the top.
  const arcs = pie<Slice>()
    .sort(null)
    .value((s) => s.value)(slices);
  const empty = slices.every((s) => s.value === 0);
  return (
    <>
      <div className="dash-chart" aria-hidden="true" ref={ref}>
        {/* Labels outside the slices would be cut at the chart's edge on narrow screens: the
            slices carry their counts and the legend below names them. */}
        {width > 0 && (
          <svg width={width} height={HEIGHT}>
            <g transform={`translate(${width / 2},${HEIGHT / 2})`}>
              {empty ? (
                // Nothing to divide: an empty ring, so the chart's place still reads as a chart.
                <path
                  d={toPath({ ...arcs[0], startAngle: 0, endAngle: 2 * Math.PI }) ?? ''}
                  fill={GRID}
                />
              ) : (
                arcs.map((a) => <path key={a.data.id} d={toPath(a) ?? ''} fill={a.data.colour} />)
              )}
              {arcs
                .filter((a) => a.endAngle - a.startAngle >= LABEL_MIN_ANGLE)
                .map((a) => {
                  const [cx, cy] = toPath.centroid(a);
                  return (
                    <text
                      key={a.data.id}
                      x={cx}
                      y={cy}
                      textAnchor="middle"
                      dy="0.35em"
                      fontSize={15}
                      fontWeight={700}
                      fill="#ffffff"
                    >
                      {a.data.value}
                    </text>
                  );
                })}
            </g>
          </svg>
        )}
      </div>
      <ul className="dash-legend" aria-hidden="true">
        {slices.map((slice) => (
          <li key={slice.id}>
            <span className="dash-legend__swatch" style={{ background: slice.colour }} />
            {slice.label} <span className="dash-legend__value">{slice.value}</span>
          </li>
        ))}
      </ul>
      <DataTable
        caption="Entries by channel"
        headers={['Channel', 'Entries']}
        rows={slices.map((s) => [s.label, s.value])}
      />
    </>
  );
}
