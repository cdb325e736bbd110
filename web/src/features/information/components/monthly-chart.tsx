// The Information page's line chart, in its own chunk (React.lazy): no chart code elsewhere.
import { ResponsiveLine } from '@nivo/line';

export type MonthPoint = { label: string; count: number };

export default function MonthlyChart({ data }: { data: MonthPoint[] }) {
  return (
    <>
      <div className="info-chart" aria-hidden="true">
        <ResponsiveLine
          data={[{ id: 'Entries', data: data.map((d) => ({ x: d.label, y: d.count })) }]}
          margin={{ top: 16, right: 20, bottom: 50, left: 50 }}
          colors={['#1754a1']}
          pointSize={6}
          axisBottom={{ legend: 'Month', legendOffset: 40, legendPosition: 'middle' }}
          axisLeft={{ legend: 'Entries', legendOffset: -40, legendPosition: 'middle' }}
          useMesh
          animate={false}
        />
      </div>
      <table className="visually-hidden">
        <caption>Entries per month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Entries</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
