// The dashboard's nivo charts, in their own chunk (loaded with React.lazy): the sign-in page and
// the rest of the app load no chart code. Each chart is hidden from assistive technology and
// described by a visually hidden table with the same figures.
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import type { ChannelBreakdown, SeriesItem } from '../api/types';

const BRAND = '#1754a1';
const PIE_COLOURS = ['#1754a1', '#0EA5E9', '#94a3b8'];
const BAR_COLOURS = ['#1754a1', '#0EA5E9', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6'];
/** The bar charts' name column: about 6.5 px a character at the axis' 11 px, up to 150 px. */
const LABEL_CHAR_PX = 6.5;
const LABEL_PAD_PX = 12;
const MAX_LABEL_PX = 150;
const MAX_LABEL_CHARS = Math.floor((MAX_LABEL_PX - LABEL_PAD_PX) / LABEL_CHAR_PX);

/** A name that fits the column: longer ones end in '…' (the table below has them whole). */
const fitLabel = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label;

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
  const points = data.map((d) => ({ x: d.date.slice(5), y: d.value }));
  return (
    <>
      <div className="dash-chart" aria-hidden="true">
        <ResponsiveLine
          data={[{ id: 'Entries', data: points }]}
          margin={{ top: 10, right: 16, bottom: 40, left: 36 }}
          enableArea
          areaOpacity={0.2}
          colors={[BRAND]}
          pointSize={4}
          axisBottom={{
            tickRotation: -45,
            tickValues: points.filter((_, i) => i % 5 === 0).map((p) => p.x),
          }}
          axisLeft={{ tickValues: 5 }}
          useMesh
          animate={false}
        />
      </div>
      <DataTable
        caption="Entries per day, last 30 days"
        headers={['Date', 'Entries']}
        rows={data.map((d) => [d.date, d.value])}
      />
    </>
  );
}

export function ChannelPie({ data }: { data: ChannelBreakdown }) {
  const slices = [
    { id: 'WhatsApp', label: 'WhatsApp', value: data.whatsapp ?? 0 },
    { id: 'Email', label: 'Email', value: data.email ?? 0 },
    { id: 'Other', label: 'Other', value: data.other ?? 0 },
  ];
  return (
    <>
      <div className="dash-chart" aria-hidden="true">
        {/* Labels outside the slices would be cut at the chart's edge on narrow screens: the
            slices carry their counts and the legend below names them. */}
        <ResponsivePie
          data={slices}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          innerRadius={0.5}
          colors={PIE_COLOURS}
          enableArcLinkLabels={false}
          arcLabelsSkipAngle={12}
          arcLabelsTextColor="#ffffff"
          animate={false}
        />
      </div>
      <ul className="dash-legend" aria-hidden="true">
        {slices.map((slice, i) => (
          <li key={slice.id}>
            <span className="dash-legend__swatch" style={{ background: PIE_COLOURS[i] }} />
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

export function CountBars({
  data,
  caption,
  labelHeader,
  colours = BAR_COLOURS,
}: {
  data: { label: string; value: number }[];
  caption: string;
  labelHeader: string;
  colours?: string[];
}) {
  // Horizontal bars with room on the left for the longest name: rotated labels under the
  // bars were cut at the chart's edge ('PASTEURIZER' read 'ASTEURIZER').
  const longest = Math.max(0, ...data.map((d) => d.label.length));
  const left = Math.min(MAX_LABEL_PX, LABEL_PAD_PX + longest * LABEL_CHAR_PX);
  return (
    <>
      <div className="dash-chart" aria-hidden="true">
        <ResponsiveBar
          data={[...data].reverse().map((d) => ({ label: d.label, value: d.value }))}
          keys={['value']}
          indexBy="label"
          layout="horizontal"
          margin={{ top: 10, right: 16, bottom: 30, left }}
          colors={({ index }) => colours[(data.length - 1 - index) % colours.length]!}
          axisLeft={{ tickSize: 0, tickPadding: 6, format: (v: string) => fitLabel(v) }}
          axisBottom={{ tickValues: 5 }}
          enableLabel={false}
          animate={false}
        />
      </div>
      <DataTable
        caption={caption}
        headers={[labelHeader, 'Count']}
        rows={data.map((d) => [d.label, d.value])}
      />
    </>
  );
}
