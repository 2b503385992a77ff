import { runCli } from './program';

// `serve` keeps the process alive through its listener; every other verb exits when done.
runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(`fantasy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
