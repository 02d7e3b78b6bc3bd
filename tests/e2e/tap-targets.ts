// Tap targets of a page as a phone sees them (WCAG 2.5.8, issue 33): primary actions at least 44 px high, every other
// target at least 24 × 24 px, except a link within a sentence (WCAG's inline exception).
import type { Page } from '@playwright/test';

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
  needed: number;
}

/** The visible targets of the page that are too small, described for a failure message. */
export function smallTargets(page: Page, within = 'body'): Promise<SmallTarget[]> {
  return page.evaluate((scope) => {
    const root = document.querySelector(scope) ?? document.body;
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';
    const label = (el: Element) => {
      const name = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim();
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} « ${name.slice(0, 40)} »`;
    };
    // A link in a sentence: inline, in a block whose own text goes beyond its links (WCAG 2.5.8, inline exception).
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block) return false;
      const linksText = [...block.querySelectorAll('a, button')].map((a) => a.textContent ?? '').join('');
      return (block.textContent ?? '').replace(/\s+/g, '').length > linksText.replace(/\s+/g, '').length + 3;
    };
    // A button drawn as a link (no background, no border) is a link to the eye, and measured as one.
    const drawnAsLink = (el: Element) => {
      const style = getComputedStyle(el);
      return style.backgroundColor === 'rgba(0, 0, 0, 0)' && style.borderTopWidth === '0px';
    };
    // The map's zoom buttons are buttons too (links to Leaflet).
    const primary = (el: Element) =>
      el.matches('.button, button, select, input[type="submit"], .leaflet-control-zoom a') &&
      !(el.matches('button') && !el.matches('.button') && drawnAsLink(el));
    const small: { what: string; width: number; height: number; needed: number }[] = [];
    for (const el of root.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A checkbox or a radio is tapped through its label: the label is the target.
      const input = el as HTMLInputElement;
      const target = (input.type === 'checkbox' || input.type === 'radio') && input.labels?.[0] ? input.labels[0] : el;
      // A card's title link covers the whole card (a stretched ::after): the card is the target.
      const stretched = getComputedStyle(el, '::after').position === 'absolute' && el.closest('article');
      const box = (stretched || target).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visually hidden (1 px) elements are not tapped.
      if (box.width <= 1 && box.height <= 1) continue;
      const needed = primary(el) ? 44 : 24;
      if (box.height >= needed - 0.5 && box.width >= 24 - 0.5) continue;
      if (needed === 24 && inSentence(el)) continue;
      small.push({ what: label(el), width: Math.round(box.width), height: Math.round(box.height), needed });
    }
    return small;
  }, within);
}
