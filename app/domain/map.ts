// Map constants of docs/specification.md §9 and the default view over Suisse romande.
export const MAP_TILE_SIZE = 256;
export const MAP_MAX_ZOOM = 18;
export const MAP_POPUP_MAX_WIDTH = 300;
/** Roughly between Lausanne and Fribourg: the whole of Romandie fits at zoom 8. */
export const ROMANDIE_CENTER: [number, number] = [46.6, 6.9];
export const ROMANDIE_ZOOM = 8;

export interface MapConfig {
  tileUrl: string;
  attribution: string;
}
