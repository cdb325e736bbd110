// Layout facts checked in the browser: what starts on the first screen, no sideways scroll,
// no value cut without a way to read it whole (hover and keyboard), no emoji standing in for icons.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** How many of `items` end (`whole`) or start within the first screen of the page. */
export async function countOnFirstScreen(items: Locator, whole: boolean): Promise<number> {
  return items.evaluateAll((elements, wholeItem) => {
    const bottom = window.innerHeight;
    return elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && (wholeItem ? box.bottom <= bottom : box.top < bottom);
    }).length;
  }, whole);
}

/** Neither the page nor any box in it scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}px`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth + 1)
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth}px`,
        );
    }
    return found;
  });
  expect(wide).toEqual([]);
}

/**
 * Every element in the main area whose text is cut (an ellipsis or a line clamp with more text
 * than fits) can be read whole with a mouse and with a keyboard: it carries the whole value in a
 * title (its own, an ancestor's or the value's inside a cut cell), keyboard focus can land on it,
 * on a link in it or on the link or button it is in, and while focused a tip shows that whole value.
 */
export async function expectEveryCutValueReadable(page: Page): Promise<void> {
  const unreadable = await page.evaluate(async () => {
    const found: string[] = [];
    const focusable = 'a[href], button, input, select, textarea, [tabindex]';
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      const cut =
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1;
      const text = element.textContent?.trim() ?? '';
      if (!cut || !text || element.getAttribute('aria-hidden') === 'true') continue;
      if (element.closest('.visually-hidden')) continue;
      const name = `${element.tagName.toLowerCase()}.${element.className}: ${text}`;
      const holder =
        element.closest<HTMLElement>('[title]') ?? element.querySelector<HTMLElement>('[title]');
      const whole = holder?.getAttribute('title')?.trim();
      if (!holder || !whole) {
        found.push(`no title: ${name}`);
        continue;
      }
      const target = holder.matches(focusable)
        ? holder
        : (holder.querySelector<HTMLElement>(focusable) ??
          holder.parentElement?.closest<HTMLElement>('a[href], button'));
      if (!target) {
        found.push(`not reachable by keyboard: ${name}`);
        continue;
      }
      target.focus();
      await nextFrame();
      // A link holding two cut values (a name and a line) shows a tip under each.
      const tips = Array.from(document.querySelectorAll('.full-value-tip'), (tip) =>
        tip.textContent?.trim(),
      );
      if (!tips.includes(whole)) found.push(`focus shows ${JSON.stringify(tips)}: ${name}`);
      target.blur();
      await nextFrame();
    }
    return found;
  });
  expect(unreadable).toEqual([]);
}

/** No emoji in what the page shows (icons are SVGs with names, not characters). */
export async function expectNoEmoji(page: Page): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(/\p{Extended_Pictographic}/gu) ?? []).toEqual([]);
}

/** All of the above, for the screen as it is now. */
export async function expectReadableLayout(page: Page): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectEveryCutValueReadable(page);
  await expectNoEmoji(page);
}
