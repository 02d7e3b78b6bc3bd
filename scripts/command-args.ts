// The options of a command of scripts/ (npm run backup, restore, data:export…): parsed, or one French line naming the
// option not understood and the command's usage, exit code 1. A misspelt option (« --depuiss ») was a stack trace of
// parseArgs, in English.
import { type ParseArgsConfig, parseArgs } from 'node:util';

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
