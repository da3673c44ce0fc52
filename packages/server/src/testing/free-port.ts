import { once } from 'node:events';
import net from 'node:net';

/**
 * A port of 127.0.0.1 nobody listens on now, for a server started in a child process that must be told its port
 * beforehand (an in-process server listens on port 0 instead). Another process could take it in between; on a test
 * machine that is rare enough.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
