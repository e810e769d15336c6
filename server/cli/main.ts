/**
 * Operator commands, for running the marketplace before (and beside) an operator area:
 *
 *   npm run moa -- <command> [arguments]
 *
 * They use the same configuration as the server (DATA_DIR, DATABASE_URL) and the same
 * services, so a change made here obeys the same rules as one made through the API.
 */
import { mkdirSync } from 'node:fs';
import { ConfigError, parseConfig } from '../config';
import { createDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { secretsFor } from '../secrets';
import { createFileStore } from '../storage/files';
import { createMailer } from '../mail/mailer';
import { deriveDataKeys } from '../crypto';
import type { AppContext } from '../context';
import { commands } from './commands';

/** Where each command's summary starts; a longer call puts its summary on a line of its own. */
const SUMMARY_COLUMN = 44;

function usage(): string {
  const lines = Object.entries(commands).map(([name, command]) => {
    const call = `${name} ${command.args}`;
    return call.length < SUMMARY_COLUMN - 1
      ? `  ${call.padEnd(SUMMARY_COLUMN)}${command.summary}`
      : `  ${call}\n  ${' '.repeat(SUMMARY_COLUMN)}${command.summary}`;
  });
  return ['Usage: npm run moa -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = secretsFor(config);
  const files = createFileStore(config);
  const handle = createDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (!command.migrates) await migrateToLatest(handle.db);
    const ctx: AppContext = {
      db: handle.db,
      config,
      mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir }),
      keys: deriveDataKeys(secrets.dataEncryptionKey),
      tokenKey: new TextEncoder().encode(secrets.tokenSigningKey),
      files,
      now: () => new Date(),
    };
    const output = await command.run(ctx, args);
    console.log(output);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await handle.close();
    await files.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
