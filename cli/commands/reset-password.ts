import { randomInt } from 'node:crypto';
import { text } from 'node:stream/consumers';
import type { Command } from 'commander';
import { PASSWORD_MAX_CHARACTERS, passwordWithinLimit } from '../../src/domain/credentials';
import { silentLogger } from '../../src/platform/log';
import { openRuntime } from '../../src/platform/runtime';
import { CliFailure, configFor } from '../config-option';

/** No 0/o, 1/l/i: the operator reads it out or types it into a message. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four: about 79 bits, enough that the throttle is never what protects it. */
export function generatedPassword(): string {
  const groups = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** One line, as `echo` or a password manager pipes it: the final newline is not part of it. */
async function passwordFromStdin(): Promise<string> {
  const password = (await text(process.stdin)).replace(/\r?\n$/, '');
  if (!passwordWithinLimit(password)) throw new CliFailure(`the password on stdin is longer than ${PASSWORD_MAX_CHARACTERS} characters`);
  return password;
}

/** `fantasy reset-password USERNAME`: a player who forgot their password gets a new one from the operator. */
export function registerResetPassword(program: Command): void {
  program
    .command('reset-password')
    .description("give a password account a new password (generated and printed once, or read from stdin) and lift its sign-in throttle")
    .argument('<username>', 'the username the player signs in with')
    .option('--password-stdin', 'read the new password from stdin instead of generating one')
    .option('--database <file>', 'SQLite file')
    .action(async (username: string, flags: { passwordStdin?: boolean; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      const password = flags.passwordStdin ? await passwordFromStdin() : generatedPassword();
      const runtime = await openRuntime(config, { log: silentLogger });
      try {
        if (!(await runtime.ctx.services.auth.resetPassword(username, password))) {
          throw new CliFailure(`no password account is named ${username} (a player who signs in with the identity provider has no password here)`);
        }
      } finally {
        await runtime.close();
      }
      // stdout only, never a log line: the operator passes it on, and the player may keep it or not
      process.stdout.write(flags.passwordStdin ? `${username}'s password is reset\n` : `${username}'s new password: ${password}\n`);
    });
}
