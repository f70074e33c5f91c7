import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: WithHelp<O>; allowPositionals: true; strict: true }>
>;

/**
 * Reads a command's arguments as Node's own parser does (node:util parseArgs, strict): `--opt
 * value` and `--opt=value` alike, an unknown option refused. `--help`/`-h` prints the usage on
 * stdout and exits 0 before anything is opened; a usage error prints why and the usage on stderr
 * and exits 2 (the shell's convention for wrong usage). docs/decisions/0114-command-line-conventions.md
 */
export function readCommandLine<const O extends Options>(
  name: string,
  usage: string,
  options: O,
  args = process.argv.slice(2),
): Parsed<O> {
  let parsed: Parsed<O>;
  try {
    const withHelp: WithHelp<O> = { ...options, help: { type: 'boolean', short: 'h' } };
    parsed = parseArgs({ args, options: withHelp, allowPositionals: true, strict: true });
  } catch (err) {
    return usageError(name, usage, (err as Error).message);
  }
  // The generic result type resolves only for a concrete O; help is always among the options.
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}

/** Exits 2 with the reason and the usage on stderr. */
export function usageError(name: string, usage: string, reason: string): never {
  process.stderr.write(`${name}: ${reason}\n\n${usage}\n`);
  process.exit(2);
}
