// The options of a command of scripts/ (npm run backup, restore, data:export…): parsed, or one French line naming the
// option not understood and the command's usage, exit code 1. A misspelt option (« --depuiss ») was a stack trace of
// parseArgs, in English.
import fs from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { configuredStore } from '../app/.server/platform/config';
import { SQLITE_FILE } from '../app/.server/services';

type Options = NonNullable<ParseArgsConfig['options']>;

export function optionsOrUsage<T extends Options>(options: T, usage: string) {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const option = /'(-[^' ]+)/.exec(error instanceof Error ? error.message : '')?.[1];
    console.error(`Option non comprise${option ? `\u00a0: ${option}` : ''}.\n${usage}`);
    process.exit(1);
  }
}

/**
 * A data command (data:export, data:import): `--dossier` (required) and `--avec-secrets`, then its work. A refusal the
 * work throws, or any error, is one line « <verb> impossible : <sentence> » and exit code 1, as backup and restore;
 * answers the exit code.
 */
export async function folderCommand(
  usage: string,
  verb: 'Export' | 'Import',
  work: (dir: string, withSecrets: boolean) => Promise<void>,
): Promise<number> {
  const values = optionsOrUsage({ dossier: { type: 'string' }, 'avec-secrets': { type: 'boolean' } }, usage);
  if (!values.dossier) {
    console.error(usage);
    return 1;
  }
  try {
    await work(path.resolve(values.dossier), values['avec-secrets'] ?? false);
    return 0;
  } catch (error) {
    console.error(`${verb} impossible\u00a0: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}

/**
 * Why a command that copies the store out (export, backup) has nothing to copy: on SQLite, a DATA_DIR without its
 * database. A misspelt DATA_DIR gave an empty export, exit 0, and left a new empty database and secret there. Read from
 * the environment before anything is opened or created; null when there is a store to read (or on Firestore).
 */
export function absentStoreProblem(source: Record<string, string | undefined> = process.env): string | null {
  const store = configuredStore(source);
  if (store?.backend !== 'sqlite' || fs.existsSync(path.join(store.dataDir, SQLITE_FILE))) return null;
  return `aucune base ${SQLITE_FILE} dans DATA_DIR (${store.dataDir})\u202f; vérifiez DATA_DIR.`;
}
