import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useCut } from './use-cut';
import './ui.css';

/**
 * A value that may be cut with an ellipsis (or a line clamp) when it does not fit. The whole
 * value is never out of reach: the title shows it on hover, and while the value (or a link in
 * it, or the link or button it is in) has keyboard focus a tip under it shows it too. A cut value with nothing focusable inside
 * becomes a tab stop of its own; a value that fits is not, so lists keep their tab order short.
 * Screen readers read the text itself, which is never cut.
 */
export function Clip({
  full,
  children,
  className = 'clip',
  as = 'span',
}: {
  /** The whole value, as the title and the tip show it. */
  full: string;
  children?: ReactNode;
  /** Classes of the cut box; `clip` (one line with an ellipsis) unless the caller lays it out. */
  className?: string;
  as?: 'span' | 'div' | 'dd';
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const { cut, focusableInside } = useCut(ref, full);
  const [anchor, setAnchor] = useState<{ top: number; left: number; layer: Element } | null>(null);
  const ownStop = cut && !focusableInside;
  const showTip = (element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    // Inside a modal dialog the tip must join it in the top layer to be seen.
    const layer = element.closest('dialog') ?? document.body;
    setAnchor({ top: box.bottom + 4, left: Math.max(8, box.left), layer });
  };
  // A value inside a link or button is read while that holder has focus: it is the tab stop.
  useEffect(() => {
    const element = ref.current;
    const holder = element?.parentElement?.closest<HTMLElement>('a[href], button');
    if (!element || !holder || !cut) return;
    const show = () => showTip(element);
    const hide = () => setAnchor(null);
    holder.addEventListener('focus', show);
    holder.addEventListener('blur', hide);
    return () => {
      holder.removeEventListener('focus', show);
      holder.removeEventListener('blur', hide);
    };
  }, [cut]);
  // Every tag offered takes the same props; typing it as one keeps the ref's type simple.
  const Tag = as as 'span';
  return (
    <Tag
      ref={ref}
      className={className}
      title={full}
      tabIndex={ownStop ? 0 : undefined}
      onFocus={(event) => {
        if (cut) showTip(event.currentTarget);
      }}
      onBlur={() => setAnchor(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && anchor) setAnchor(null);
      }}
    >
      {children ?? full}
      {anchor &&
        createPortal(
          // The text is already read in full from the value itself: the tip is for the eyes.
          <div
            className="full-value-tip"
            aria-hidden="true"
            style={{ top: anchor.top, left: anchor.left }}
          >
            {full}
          </div>,
          anchor.layer,
        )}
    </Tag>
  );
}
