import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runKeysCommand } from './platform/keys-command.js';

/**
 * `npm run keys -- <command>`: re-seals values under the current DATA_ENCRYPTION_KEY, recomputes card number hashes
 * under the current PAN_HMAC_KEY, lists and forgets key ids (platform/keys-command.ts). A second entry point beside
 * main.ts, with the same configuration and database; it neither migrates nor serves. On PGlite stop the server first:
 * its data directory is one process's.
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  const database = await openDatabase(
    loaded.databaseUrl
      ? { kind: 'postgres', url: loaded.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(loaded.dataDir, 'pglite') },
  );
  let code = 1;
  try {
    code = await runKeysCommand(process.argv.slice(2), database, loaded, (line) => console.log(line));
  } finally {
    await database.close();
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  // The walk's own errors name a column and a row id, never a value; a database error's message may quote the SQL's
  // parameters (sealed values), so only its SQLSTATE is shown.
  let code: string | undefined;
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e && !code; e = e.cause as typeof e)
    if (typeof e.code === 'string') code = e.code;
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  console.error(`keys: ${message}${code ? ` (SQLSTATE ${code})` : ''}`);
  process.exit(1);
});
