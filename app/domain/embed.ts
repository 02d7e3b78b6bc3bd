// The embedded agenda's limits (decision 047), shared by the iframe, the configurator and the widget's documentation.

/** At most this many events in an embedded agenda. */
export const EMBED_MAX = 20;

/** The message the framed agenda sends its host page with its height, so that the frame fits it (no gap, no scroll). */
export const EMBED_HEIGHT_MESSAGE = 'agenda-romand:hauteur';

/** The frame's height before its page says it (a host without the script keeps it): its events and its footer. */
export const embedFrameHeight = (limit: number) => 48 + Math.min(Math.max(limit, 1), EMBED_MAX) * 84;

/**
 * The script a host page adds under the frame: it sizes each frame of this site to the height its page says. It reads
 * only messages from `siteUrl`, and only for the frame that sent them.
 */
export const embedHostScript = (siteUrl: string) =>
  `<script>addEventListener("message",function(e){if(e.origin!==${JSON.stringify(siteUrl)}||!e.data||e.data.type!=="${EMBED_HEIGHT_MESSAGE}")return;document.querySelectorAll("iframe[data-agenda-romand]").forEach(function(f){if(f.contentWindow===e.source)f.style.height=Math.ceil(e.data.hauteur)+"px"})})</script>`;
