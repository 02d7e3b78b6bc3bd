// The schema.org `Event` of a web page, as its publisher describes it: JSON-LD first (one object, an array, or a
// `@graph`; any type ending in « Event », and Festival), else simple microdata (itemscope/itemtype/itemprop). Read with
// parse5, the HTML parser browsers follow (WHATWG), never with patterns on the markup. Pure: no I/O.
import type { DefaultTreeAdapterMap } from 'parse5';
import { onFirstUse } from '../platform/on-first-use';

/** The HTML parser, loaded with the first page read (issue 50). */
const parse5 = onFirstUse<typeof import('parse5')>('parse5');

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type Json = Record<string, unknown>;

export interface PageEvent {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  place: { name: string; street: string; postalCode: string; locality: string; region: string };
  /** The lowest price and its currency (null: none said); 0 is free. */
  price: { amount: number; currency: string } | null;
  ticketUrl: string;
  imageUrl: string;
  /** What an ImageObject says of itself (its caption, else its name); empty otherwise. */
  imageAlt: string;
  url: string;
  organizerName: string;
  /** Its schema.org types (« MusicEvent », « TheaterEvent »…), which say its category. */
  types: string[];
}

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;

// Every walk below keeps its own stack instead of recursing: a hostile page nests thousands of elements, arrays or
// @graph levels (10 KB of `[[[…]]]`), which would otherwise exhaust the call stack (issue 31).

/** Every element under a node (templates' content included), in document order. */
function* elements(root: Node): Generator<Element> {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (isElement(node)) yield node;
    const children = 'childNodes' in node ? node.childNodes : [];
    const content = isElement(node) && node.tagName === 'template' ? [(node as { content?: Node }).content] : [];
    const next = [...children, ...content];
    for (let i = next.length - 1; i >= 0; i--) {
      const child = next[i];
      if (child) stack.push(child);
    }
  }
}

const BLOCKS = new Set(['p', 'div', 'li', 'br', 'h1', 'h2', 'h3', 'h4', 'tr', 'section', 'article']);

/** The text of a node, as a browser's textContent (a line break around blocks; scripts and styles left out). */
function textOf(root: Node): string {
  let text = '';
  // Nodes still to read, and the line breaks that close the blocks being read.
  const stack: (Node | '\n')[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node | '\n';
    if (node === '\n') {
      text += node;
      continue;
    }
    if (node.nodeName === '#text') {
      text += (node as { value: string }).value;
      continue;
    }
    if (!('childNodes' in node) || (isElement(node) && ['script', 'style'].includes(node.tagName))) continue;
    if (isElement(node) && BLOCKS.has(node.tagName)) {
      text += '\n';
      stack.push('\n');
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return text;
}

/** Plain text from a description that may carry HTML (tags dropped, entities decoded, blank lines kept to one). */
export function plainText(value: string): string {
  return textOf(parse5().parseFragment(value))
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typesOf(item: Json): string[] {
  const type = item['@type'] ?? item.type;
  return (Array.isArray(type) ? type : [type]).map((t) => str(t).replace(/^https?:\/\/schema\.org\//, ''));
}
const isEvent = (item: Json) => typesOf(item).some((t) => /Event$/.test(t) || t === 'Festival');

/** Every object of a JSON-LD document (arrays and @graph opened), depth first. */
function* objects(document: unknown): Generator<Json> {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    else if (isObject(value)) {
      yield value;
      if (value['@graph']) stack.push(value['@graph']);
    }
  }
}

function imageOf(value: unknown): { url: string; alt: string } {
  const image = first(value);
  if (typeof image === 'string') return { url: image.trim(), alt: '' };
  if (isObject(image))
    return {
      url: str(image.url) || str(image.contentUrl) || str(image['@id']),
      alt: plainText(str(image.caption) || str(image.name)),
    };
  return { url: '', alt: '' };
}

function lowestPrice(value: unknown): PageEvent['price'] & { url: string } {
  const offers = (Array.isArray(value) ? value : [value]).filter(isObject);
  let best: (NonNullable<PageEvent['price']> & { url: string }) | null = null;
  for (const offer of offers) {
    const raw = str(offer.price) || str(offer.lowPrice);
    const amount = Number(raw.replace(',', '.').replace(/[^\d.]/g, ''));
    if (raw === '' || !Number.isFinite(amount)) continue;
    if (!best || amount < best.amount)
      best = { amount, currency: str(offer.priceCurrency).toUpperCase() || 'CHF', url: '' };
  }
  // The ticket page: the first offer that gives one.
  if (best) best.url = offers.map((o) => str(o.url)).find(Boolean) ?? '';
  return best as NonNullable<PageEvent['price']> & { url: string };
}

function toPageEvent(item: Json, pageUrl: string): PageEvent {
  const location = (Array.isArray(item.location) ? item.location : [item.location]).find(
    (l) => isObject(l) || typeof l === 'string',
  );
  const place = isObject(location) ? location : { name: str(location) };
  const address = first(place.address);
  const postal = isObject(address) ? address : { streetAddress: str(address) };
  const offer = lowestPrice(item.offers);
  const organizer = first(item.organizer);
  const image = imageOf(item.image);
  // Links of the web only: a page may say `javascript:` or `data:`, which no form field should receive.
  const resolve = (url: string) => {
    try {
      const href = url ? new URL(url, pageUrl) : null;
      return href && (href.protocol === 'https:' || href.protocol === 'http:') ? href.href : '';
    } catch {
      return '';
    }
  };
  return {
    name: plainText(str(item.name)),
    description: plainText(str(item.description)),
    startDate: str(item.startDate),
    endDate: str(item.endDate),
    place: {
      name: plainText(str(place.name)),
      street: str(postal.streetAddress),
      postalCode: str(postal.postalCode),
      locality: str(postal.addressLocality),
      region: str(postal.addressRegion),
    },
    price: offer ? { amount: offer.amount, currency: offer.currency } : null,
    ticketUrl: resolve(offer?.url ?? ''),
    imageUrl: resolve(image.url),
    imageAlt: image.alt,
    url: resolve(str(item.url)) || pageUrl,
    organizerName: isObject(organizer) ? str(organizer.name) : str(organizer),
    types: typesOf(item),
  };
}

/** Microdata: an itemscope's properties, a nested itemscope read as an object (location, address, offers). */
function microdataItem(scope: Element): Json {
  const itemOf = (el: Element): Json => ({ '@type': (attr(el, 'itemtype') ?? '').split(/\s+/) });
  const root = itemOf(scope);
  // Elements in document order, each with the item its properties belong to: the first value of a name wins.
  const stack: { node: Node; item: Json }[] = [];
  const pushChildren = (node: Node, item: Json) => {
    const children = 'childNodes' in node ? node.childNodes : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], item });
  };
  pushChildren(scope, root);
  while (stack.length > 0) {
    const { node, item } = stack.pop() as { node: Node; item: Json };
    if (!isElement(node)) continue;
    const prop = attr(node, 'itemprop');
    const nested = attr(node, 'itemscope') !== null;
    // A nested itemscope is read only as the value of its property; without one, it is another item, not this one's.
    const inner = nested ? itemOf(node) : item;
    if (prop) {
      const value = nested
        ? inner
        : (attr(node, 'content') ??
          attr(node, 'datetime') ??
          (['a', 'link'].includes(node.tagName) ? attr(node, 'href') : null) ??
          (['img', 'source'].includes(node.tagName) ? attr(node, 'src') : null) ??
          textOf(node).trim());
      for (const name of prop.split(/\s+/)) if (!(name in item)) item[name] = value;
    }
    if (!nested || prop) pushChildren(node, inner);
  }
  return root;
}

/** The first schema.org Event the page describes, or null. */
export function readEventPage(html: string, pageUrl: string): PageEvent | null {
  const all = [...elements(parse5().parse(html))];
  for (const script of all.filter(
    (el) => el.tagName === 'script' && (attr(el, 'type') ?? '').trim().toLowerCase() === 'application/ld+json',
  )) {
    let document: unknown;
    try {
      document = JSON.parse(textOf(script.childNodes[0] ?? script) || 'null');
    } catch {
      continue;
    }
    for (const item of objects(document)) if (isEvent(item)) return toPageEvent(item, pageUrl);
  }
  for (const el of all) {
    if (attr(el, 'itemscope') === null || attr(el, 'itemprop') !== null) continue;
    const item = microdataItem(el);
    if (isEvent(item)) return toPageEvent(item, pageUrl);
  }
  return null;
}
