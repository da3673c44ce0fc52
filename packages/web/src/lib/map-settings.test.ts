import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILE_URL, mapTileUrl } from './map-settings';

/** A page whose head holds the given meta content (or none), as far as mapTileUrl looks. */
const pageWith = (content: string | null) => ({
  querySelector: (selector: string) =>
    selector === 'meta[name="map-tile-url"]' && content !== null ? ({ content } as HTMLMetaElement) : null,
});

describe('mapTileUrl', () => {
  it('reads the tile URL the server put in index.html', () => {
    expect(mapTileUrl(pageWith('/map/blank-tile.png') as unknown as Document)).toBe('/map/blank-tile.png');
  });

  it('falls back to OpenStreetMap when the page names none or an empty one', () => {
    expect(mapTileUrl(pageWith(null) as unknown as Document)).toBe(DEFAULT_MAP_TILE_URL);
    expect(mapTileUrl(pageWith('  ') as unknown as Document)).toBe(DEFAULT_MAP_TILE_URL);
    expect(DEFAULT_MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });
});
