// Measures in the browser whether a value reads whole: not cut by its own box or a cell's, and
// where a long text is clamped, how much of it shows.
import type { Locator } from 'playwright-core';

/** The element's text shows whole: neither it nor a box around it (up to `stop`) cuts it. */
export function isWhole(
  element: Locator,
  stop = 'td, li, dd, [role="dialog"], main',
): Promise<boolean> {
  return element.evaluate((el, until) => {
    const box = el.getBoundingClientRect();
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      if (clips) {
        if (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
          return false;
        const frame = node.getBoundingClientRect();
        if (box.right > frame.right + 1 || box.bottom > frame.bottom + 1) return false;
      }
      if (node.matches(until)) break;
    }
    return box.width > 0;
  }, stop);
}

/** How many characters of the element's text show inside its box (a clamp cuts the rest). */
export function visibleCharacters(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const frame = el.getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let shown = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.bottom > frame.bottom + 1 || rect.right > frame.right + 1) return shown;
        shown++;
      }
    }
    return shown;
  });
}

/**
 * Elements inside `root` that reach outside it (a box spilling out of a dialog or a card). A
 * value inside a box that cuts it (a Clip, a scroll box) is that box's business, not a spill.
 */
export function spilling(root: Locator): Promise<string[]> {
  return root.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const out: string[] = [];
    const insideCut = (el: HTMLElement) => {
      for (let node = el.parentElement; node && node !== box; node = node.parentElement)
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of Array.from(box.querySelectorAll<HTMLElement>('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || el.closest('.visually-hidden') || insideCut(el)) continue;
      if (rect.right > frame.right + 1 || rect.left < frame.left - 1)
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(rect.right - frame.right)}px`,
        );
    }
    return out;
  });
}

/** Where a text breaks across lines: the indexes of the first character of each new line. */
export function lineBreaks(element: Locator): Promise<{ text: string; breaks: number[] }> {
  return element.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let text = '';
    let top: number | undefined;
    const breaks: number[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const part = node.textContent ?? '';
      for (let i = 0; i < part.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (top !== undefined && rect.top > top + 2) breaks.push(text.length);
        top = rect.top;
        text += part[i];
      }
    }
    return { text, breaks };
  });
}

/** The placeholder of an input fits in the input's text box. */
export function placeholderFits(input: Locator): Promise<boolean> {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.placeholder).width <= room;
  });
}
