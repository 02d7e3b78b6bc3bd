// <agenda-romand categorie="musique" canton="VD" lieu="…" recherche="Vidy" limite="5">: the embeddable agenda for partner sites, served as
// /widget.js (built by scripts/build-widget.mjs). No framework, no cookie, Shadow DOM, the host page's font.
// It reads /api/v1/events of the origin the script came from (decision 047).
import { ongoingWhen } from '../domain/event-days';

interface ApiEvent {
  title?: string;
  url?: string;
  startsAt?: string;
  endsAt?: string | null;
  allDay?: boolean;
  venue?: { name?: string; locality?: string } | null;
  series?: { summary?: string | null } | null;
  weatherDependent?: boolean;
  dayStatus?: { text?: string } | null;
}

const script = document.currentScript as HTMLScriptElement | null;
const ORIGIN = new URL(script?.src ?? location.href).origin;
const FORMAT = new Intl.DateTimeFormat('fr-CH', {
  timeZone: 'Europe/Zurich',
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const STYLE =
  ':host{display:block;font:inherit;color:inherit}ul{list-style:none;margin:0;padding:0}' +
  'li{padding:.4em 0;border-bottom:1px solid #ddd}a{font-weight:600;display:inline-block;min-height:24px}p{margin:.4em 0}' +
  'small{display:block}';

class AgendaRomand extends HTMLElement {
  static observedAttributes = ['categorie', 'canton', 'lieu', 'organisateur', 'recherche', 'limite', 'autour', 'rayon'];
  #root = this.attachShadow({ mode: 'open' });
  #request = 0;

  connectedCallback() {
    this.#load();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#load();
  }

  async #load() {
    const request = ++this.#request;
    // A series is one line, at its next date (decision 065).
    const params = new URLSearchParams({
      fields: 'title,url,startsAt,endsAt,allDay,venue,series,weatherDependent,dayStatus',
      group: 'series',
    });
    const category = this.getAttribute('categorie');
    const canton = this.getAttribute('canton');
    const limit = Number.parseInt(this.getAttribute('limite') ?? '', 10);
    if (category) params.set('category', category);
    if (canton) params.set('canton', canton.toUpperCase());
    // A venue's or an organizer's agenda, by the slug of its page (/lieux/…, /organisateurs/…).
    for (const name of ['lieu', 'organisateur']) {
      const slug = this.getAttribute(name)?.trim();
      if (slug) params.set(name, slug);
    }
    const search = this.getAttribute('recherche')?.trim();
    if (search) params.set('q', search.slice(0, 100));
    // Around a locality of the list, within a radius in km (autour="Morges" rayon="10").
    for (const name of ['autour', 'rayon']) {
      const value = this.getAttribute(name)?.trim();
      if (value) params.set(name, value.slice(0, 100));
    }
    params.set('limit', String(limit >= 1 ? Math.min(limit, 20) : 5));
    let body: Node;
    try {
      const answer = await fetch(`${ORIGIN}/api/v1/events?${params}`, { credentials: 'omit' });
      if (!answer.ok) throw new Error(String(answer.status));
      const events: ApiEvent[] = (await answer.json()).data;
      body = events.length ? this.#list(events) : this.#text('Aucun événement à venir pour cette sélection.');
    } catch {
      body = this.#text('L’agenda n’a pas pu être chargé. Réessayez plus tard.');
    }
    if (request !== this.#request) return;
    const style = document.createElement('style');
    style.textContent = STYLE;
    const all = this.#link(`${ORIGIN}/evenements`, 'Voir tout l’agenda');
    const more = document.createElement('p');
    more.append(all);
    this.#root.replaceChildren(style, body, more);
  }

  #list(events: ApiEvent[]) {
    const list = document.createElement('ul');
    // A name for screen readers, which meet this list inside someone else's page.
    list.setAttribute('aria-label', 'Événements · Agenda romand');
    for (const event of events) {
      const item = document.createElement('li');
      item.append(this.#link(event.url ?? ORIGIN, event.title ?? ''));
      const details = document.createElement('small');
      if (event.startsAt) {
        const time = document.createElement('time');
        time.dateTime = event.startsAt;
        // An exhibition under way says until when, as the site's list does (« Jusqu’au jeu. 25 févr. »). French writes
        // the first of the month « 1er » (ICU: « 1 »).
        time.textContent =
          ongoingWhen({ ...event, startsAt: event.startsAt }, new Date()) ??
          FORMAT.formatToParts(new Date(event.startsAt))
            .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
            .join('');
        details.append(time);
      }
      const where = [event.venue?.name, event.venue?.locality].filter(Boolean).join(', ');
      if (where) details.append(` · ${where}`);
      item.append(details);
      if (event.series?.summary) {
        const series = document.createElement('small');
        series.textContent = event.series.summary;
        item.append(series);
      }
      // « Ça a lieu ? » (issue 51): what was said on the day, or that it is said on the day.
      const said = event.dayStatus?.text ?? (event.weatherDependent ? 'Confirmation le jour même' : null);
      if (said) {
        const status = document.createElement('small');
        status.textContent = said;
        item.append(status);
      }
      list.append(item);
    }
    return list;
  }

  #link(href: string, text: string) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = text;
    link.target = '_top';
    return link;
  }

  #text(text: string) {
    const paragraph = document.createElement('p');
    paragraph.setAttribute('role', 'status');
    paragraph.textContent = text;
    return paragraph;
  }
}

if (!customElements.get('agenda-romand')) customElements.define('agenda-romand', AgendaRomand);
