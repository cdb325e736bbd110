/** One bar: a name, how many, and the bar's colour (the brand blue unless given). */
export interface CountBar {
  label: string;
  value: number;
  colour?: string;
}

/**
 * Names with a bar each, longest bar for the largest count, as a plain list: a name wraps onto
 * more lines instead of being cut (an SVG axis cut 'PASTEURIZER' and long employee names), and
 * screen readers read each name with its count.
 */
export function CountBars({ label, bars }: { label: string; bars: CountBar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul className="dash-bars" aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.label} className="dash-bars__row">
          <span className="dash-bars__name">{bar.label}</span>
          <span className="dash-bars__track" aria-hidden="true">
            <span
              className="dash-bars__bar"
              style={{
                width: `${max > 0 ? (bar.value / max) * 100 : 0}%`,
                background: bar.colour,
              }}
            />
          </span>
          <span className="dash-bars__count">{bar.value}</span>
        </li>
      ))}
    </ul>
  );
}
