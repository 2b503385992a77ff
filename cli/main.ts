import { runCli } from './program';

runCli(process.argv.slice(2)).then(
  (code) => {
    // `serve` keeps the process alive through its listener; everything else exits when done.
    if (code !== 0 || !process.argv.slice(2).includes('serve')) process.exitCode = code;
    if (code !== 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(`fantasy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
