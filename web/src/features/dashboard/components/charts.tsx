// The dashboard's nivo charts, in their own chunk (loaded with React.lazy): the sign-in page and
// the rest of the app load no chart code. Each chart is hidden from assistive technology and
// described by a visually hidden table with the same figures.
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { formatDayKey } from '../../../lib/format';
import type { ChannelBreakdown, SeriesItem } from '../api/types';

const BRAND = '#1754a1';
// The sky blue and grey slices carry white counts too: dark enough to read on.
const PIE_COLOURS = ['#1754a1', '#0369a1', '#475569'];
/** Axis ticks and slice counts at a size people read without leaning in. */
const CHART_THEME = {
  axis: { ticks: { text: { fontSize: 12, fill: '#334155' } } },
  labels: { text: { fontSize: 15, fontWeight: 700 } },
};
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
  // Days as people write them ('27 Oct'), not the server's keys ('2026-10-27').
  const points = data.map((d) => ({ x: formatDayKey(d.date), y: d.value }));
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
          theme={CHART_THEME}
          useMesh
          animate={false}
        />
      </div>
      <DataTable
        caption="Entries per day, last 30 days"
        headers={['Date', 'Entries']}
        rows={data.map((d) => [formatDayKey(d.date), d.value])}
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
          theme={CHART_THEME}
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
