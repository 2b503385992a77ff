import { z } from 'zod';
import { PASSWORD_MAX_CHARACTERS, passwordWithinLimit, USERNAME_PATTERN } from '../../domain/credentials';
import { named } from '../../platform/http/wire/registry';
import { objectBody } from '../../platform/http/wire/schema-helpers';

export const SessionSchema = named(
  'Session',
  z.object({
    sub: z.string().describe('the identity-provider account id the session was minted for'),
    email: z.string().describe('empty for password and demo players'),
    name: z.string(),
    picture: z.string().describe('avatar URL; empty for the demo player'),
    features: z.object({
      articleGenie: z.boolean().describe('true only when the deployment has the language-model binding'),
    }),
  }),
  'Read from the token’s claims, not from the database',
);
export type Session = z.output<typeof SessionSchema>;

export const PlayerSchema = named('Player', z.object({ id: z.string(), name: z.string() }));
export type Player = z.output<typeof PlayerSchema>;

/** The username first: a body that is not an object lacks both, so it answers USERNAME_INVALID. */
export const PasswordCredentialsSchema = objectBody(
  z.object({
    username: z.string({ error: 'USERNAME_INVALID' }).regex(USERNAME_PATTERN, 'USERNAME_INVALID').describe('3 to 30 characters from [A-Za-z0-9_-]'),
    password: z
      .string({ error: 'INVALID_REQUEST' })
      .refine(passwordWithinLimit, 'PASSWORD_TOO_LONG')
      .describe(`any string up to ${PASSWORD_MAX_CHARACTERS} characters; empty allowed`),
  }),
);
export type PasswordCredentials = z.output<typeof PasswordCredentialsSchema>;

const passwordField = z.string({ error: 'INVALID_REQUEST' }).refine(passwordWithinLimit, 'PASSWORD_TOO_LONG');

/** A signed-in player's own change: the current password proves it is them, not a borrowed session. */
export const PasswordChangeSchema = objectBody(
  z.object({
    currentPassword: passwordField.describe('the password the player signs in with now'),
    newPassword: passwordField.describe(`the new one: any string up to ${PASSWORD_MAX_CHARACTERS} characters, as at sign-up`),
  }),
);
export type PasswordChange = z.output<typeof PasswordChangeSchema>;

export const PasswordSessionSchema = named(
  'PasswordSession',
  z.object({ isNew: z.boolean().describe('the account was just created, so the client starts onboarding') }),
  'The session itself arrives as the `session_token` cookie',
);
export type PasswordSession = z.output<typeof PasswordSessionSchema>;

export const SignInMethodsSchema = named(
  'SignInMethods',
  z.object({
    password: z.boolean().describe('password sign-in and sign-up are open (`/auth/password/*`)'),
    identityProvider: z.boolean().describe('the identity provider is configured: `/auth/idp` starts its round trip'),
  }),
  'How a player can sign in on this deployment, so the app offers only what works',
);
export type SignInMethods = z.output<typeof SignInMethodsSchema>;
