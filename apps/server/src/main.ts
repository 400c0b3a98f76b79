import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { configWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig(process.env, {});
  config.webDistDir = path.resolve(here, '..', '..', 'web', 'dist');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      // Stop taking requests and finish the ones under way, then close the database.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  app.log.info(
    `Segue is running at ${config.appUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
