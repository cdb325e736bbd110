import type { ReactNode } from 'react';
import type { Tone } from '../model/entry-view';

const TONE_CLASS: Record<Tone, string> = {
  brand: 'ui-badge',
  gray: 'ui-badge ui-badge--gray',
  success: 'ui-badge ui-badge--success',
  warn: 'ui-badge entries-badge--warn',
  info: 'ui-badge entries-badge--info',
  danger: 'ui-badge entries-badge--danger',
};

export function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={TONE_CLASS[tone]}>{children}</span>;
}
