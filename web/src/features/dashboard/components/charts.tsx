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
        <ResponsivePie
          data={slices}
          margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
          innerRadius={0.5}
          colors={PIE_COLOURS}
          arcLinkLabelsSkipAngle={12}
          arcLabelsSkipAngle={12}
          animate={false}
        />
      </div>
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
  return (
    <>
      <div className="dash-chart" aria-hidden="true">
        <ResponsiveBar
          data={data.map((d) => ({ label: d.label, value: d.value }))}
          keys={['value']}
          indexBy="label"
          margin={{ top: 10, right: 10, bottom: 60, left: 40 }}
          colors={({ index }) => colours[index % colours.length]!}
          axisBottom={{ tickRotation: -30 }}
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
