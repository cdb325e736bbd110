import { Clip } from '../../../lib/clip';
import { potentialTone } from '../model/constants';

/** The potential as a badge: VIP/HOT success, WARM brand, others gray (spec §9). */
export function PotentialBadge({ potential }: { potential: string }) {
  if (!potential) return <span className="ui-muted">—</span>;
  const tone = potentialTone(potential);
  return (
    <Clip
      className={`ui-badge potential-badge${tone === 'brand' ? '' : ` ui-badge--${tone}`}`}
      full={potential}
    />
  );
}
