/** Types of scripts/build-web.mjs for the tests that build the web app when it is missing. */
export const webDist: string;
export function buildWeb(): Promise<string[]>;
