/** The server's default (packages/server/src/config.ts DEFAULT_MAP_TILE_URL): used when the page names none (vite dev). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * OpenStreetMap's licence asks for a credit on every map drawn from its tiles: this link, inside the words of the
 * page's language (kit.mapAttribution, 'OpenStreetMap contributors' / 'colaboradores de OpenStreetMap').
 */
export const OSM_COPYRIGHT_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** The meta element the server adds to index.html (packages/server/src/platform/web.ts MAP_TILE_META). */
const TILE_META = 'meta[name="map-tile-url"]';

/**
 * The tile URL template the maps load (MAP_TILE_URL), read from the page the server sent, so a map costs no extra
 * call; the default when the page has none (the Vite dev server serves index.html unchanged).
 */
export function mapTileUrl(doc: Pick<Document, 'querySelector'> = document): string {
  const content = doc.querySelector<HTMLMetaElement>(TILE_META)?.content.trim();
  return content || DEFAULT_MAP_TILE_URL;
}
