// Tap targets of a page as a phone sees them (WCAG 2.5.8, issues 33 and 47): primary actions at least 44 px high, every
// other target at least 24 × 24 px or spaced (a 24 px circle centred on it meets no other target nor another such
// circle), except a link within a sentence (WCAG's inline exception); and text cut in the event page's bottom bar.
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
    // A link in a sentence: inline, with text of the sentence (not of another target) on one of its lines (WCAG 2.5.8,
    // inline exception); a title alone on its line above a line of details is not in a sentence.
    const inSentence = (el: Element) => {
      // The map's credits are a line of links, not a sentence.
      if (getComputedStyle(el).display !== 'inline' || el.closest('.leaflet-control-attribution')) return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      if (!block) return false;
      // Words just before or after it, with no line break between: a sentence, wrapped or not.
      const words = (node: Node | null) => node?.nodeType === Node.TEXT_NODE && /\p{L}/u.test(node.textContent ?? '');
      const around = getComputedStyle(el.parentElement ?? el).display === 'inline' ? el.parentElement : el;
      if (around && (words(around.previousSibling) || words(around.nextSibling))) return true;
      const lines = [...el.getClientRects()];
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Words, not separators (« › », « · »): links between separators are a list of links, not a sentence.
        if (!/\p{L}/u.test(node.textContent ?? '') || node.parentElement?.closest('a, button')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects())
          if (lines.some((line) => rect.top < line.bottom - 2 && rect.bottom > line.top + 2)) return true;
      }
      return false;
    };
    // A button drawn as a link (no background, no border) is a link to the eye, and measured as one.
    const drawnAsLink = (el: Element) => {
      const style = getComputedStyle(el);
      return style.backgroundColor === 'rgba(0, 0, 0, 0)' && style.borderTopWidth === '0px';
    };
    // The map's zoom buttons are buttons too (links to Leaflet). The links one goes by, alone on their line, are main
    // targets too: an event's title in the dashboard, the breadcrumbs, the feeds, the footer, the way to a venue.
    const MAIN_LINKS =
      '.dashboard-item__title, .breadcrumb a, .place-follow .feeds a, .site-footer a, .site-footer button, .event-place__more a';
    const primary = (el: Element) =>
      (el.matches('.button, button, select, input[type="submit"], .leaflet-control-zoom a') &&
        !(el.matches('button') && !el.matches('.button') && drawnAsLink(el))) ||
      el.matches(MAIN_LINKS);
    interface Target {
      el: Element;
      box: DOMRect;
      needed: number;
    }
    const targets: Target[] = [];
    const squashed: { what: string; width: number; height: number; needed: number }[] = [];
    for (const el of root.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A checkbox or a radio is tapped through its label: the label is the target.
      const input = el as HTMLInputElement;
      const check = input.type === 'checkbox' || input.type === 'radio';
      const target = check && input.labels?.[0] ? input.labels[0] : el;
      // The box itself is seen, and squashed by a long label it is hard to read checked (issue 47: 13 px wide).
      const own = el.getBoundingClientRect();
      if (check && own.width > 1 && (own.width < 16 || own.height < 16))
        squashed.push({ what: label(el), width: Math.round(own.width), height: Math.round(own.height), needed: 16 });
      // A card's title link covers the whole card (a stretched ::after): the card is the target.
      const stretched = getComputedStyle(el, '::after').position === 'absolute' && el.closest('article');
      const box = (stretched || target).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visually hidden (1 px) elements are not tapped.
      if (box.width <= 1 && box.height <= 1) continue;
      targets.push({ el, box, needed: primary(el) ? 44 : 24 });
    }
    const centre = (b: DOMRect) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
    // Distance from a point to a box (0 inside it).
    const toBox = (p: { x: number; y: number }, b: DOMRect) =>
      Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right), Math.max(b.top - p.y, 0, p.y - b.bottom));
    const undersized = (t: Target) => t.box.width < 24 - 0.5 || t.box.height < 24 - 0.5;
    const nested = (a: Target, b: Target) => a.el.contains(b.el) || b.el.contains(a.el);
    // WCAG's spacing exception: the circle of 12 px radius around the target's centre reaches no other target, and
    // stays 24 px away from the centre of any other undersized target (whose circle it would meet).
    const spaced = (t: Target) => {
      const c = centre(t.box);
      return targets.every((other) => {
        if (other === t || nested(t, other)) return true;
        if (toBox(c, other.box) < 12 - 0.5) return false;
        if (undersized(other)) {
          const o = centre(other.box);
          return Math.hypot(c.x - o.x, c.y - o.y) >= 24 - 0.5;
        }
        return true;
      });
    };
    const small = squashed;
    for (const t of targets) {
      const { box, needed } = t;
      if (box.height >= needed - 0.5 && box.width >= 24 - 0.5) continue;
      if (needed === 24 && (inSentence(t.el) || spaced(t))) continue;
      small.push({ what: label(t.el), width: Math.round(box.width), height: Math.round(box.height), needed });
    }
    return small;
  }, within);
}

/** Texts of the page's bottom bar (the event page on a phone) that are cut: wider than their box, or ellipsed. */
export function clippedTexts(page: Page, within = '.event-bar'): Promise<string[]> {
  return page.evaluate((scope) => {
    const cut: string[] = [];
    for (const bar of document.querySelectorAll(scope)) {
      if (getComputedStyle(bar).display === 'none') continue;
      for (const el of [bar, ...bar.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || !(el.textContent ?? '').trim()) continue;
        const boxed = el.clientWidth > 0;
        const wider = boxed && el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible';
        const ellipsed = boxed && style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth;
        const outside = el.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
        if (wider || ellipsed || outside)
          cut.push(`${el.tagName.toLowerCase()} « ${(el.textContent ?? '').trim().slice(0, 40)} »`);
      }
    }
    return cut;
  }, within);
}
