// The one way the browser tests and the figure tools start Chromium: Debian's build, headless,
// with nothing in the background (updates, sync, QUIC) to disturb a test or a timing.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync',
];

/** Resolves to a launched Chromium (playwright-core's Browser). */
export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
