/** What a command-line tool ends with: its exit code and the one message it prints. */
export interface CliOutcome {
  code: number;
  message: string;
}

/**
 * Runs a tool's main function with the process's arguments, prints its message (to stderr when it
 * failed) and exits with its code; an unexpected error prints its message only, never a stack.
 */
export function runCli(main: (argv: string[]) => Promise<CliOutcome>): void {
  main(process.argv.slice(2))
    .then(({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    })
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
