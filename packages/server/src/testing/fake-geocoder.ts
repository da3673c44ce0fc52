import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Nominatim-compatible street geocoder for tests (decision 0114): GET /search answers the places it was given, by
// the `q` asked (case and spacing ignored), `[]` for any other, and counts every request. `failing` makes it answer
// 500, as a provider that is down does. Listens on 127.0.0.1 on a free port.

export interface FakePlace {
  lat: string;
  lon: string;
  display_name: string;
}

export interface FakeGeocoder {
  url: string;
  /** Every /search request: its query parameters and headers. */
  requests: { params: URLSearchParams; headers: IncomingHttpHeaders }[];
  /** Requests whose `q` was this text (normalised). */
  callsFor(q: string): number;
  failing: boolean;
  close(): Promise<void>;
}

const key = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase();

export async function startFakeGeocoder(places: Record<string, FakePlace>): Promise<FakeGeocoder> {
  const known = new Map(Object.entries(places).map(([q, place]) => [key(q), place]));
  const fake: FakeGeocoder = {
    url: '',
    requests: [],
    failing: false,
    callsFor: (q) => fake.requests.filter((r) => key(r.params.get('q') ?? '') === key(q)).length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    fake.requests.push({ params: url.searchParams, headers: req.headers });
    if (fake.failing) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
      return;
    }
    const place = known.get(key(url.searchParams.get('q') ?? ''));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(place ? [{ place_id: 1, ...place }] : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
