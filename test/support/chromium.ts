/** How the browser tests start Debian's chromium, whether once for the run or once for a file. */
import type { LaunchOptions } from 'playwright-core';

export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
};
