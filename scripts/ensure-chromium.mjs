// The end-to-end tests drive Debian's Chromium, the full browser and its headless shell;
// Playwright's own browser download cannot reach the network here. Installs what is missing
// (needs root).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
  {
    path: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
  },
];
const missing = wanted.filter((browser) => !existsSync(browser.path));
if (missing.length === 0) process.exit(0);
const packages = missing.map((browser) => browser.pkg).join(' ');
console.log(
  `${missing.map((b) => b.path).join(' and ')} missing; installing Debian's ${packages}...`,
);
try {
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    {
      stdio: 'inherit',
      shell: '/bin/bash',
    },
  );
} catch {
  console.error(
    `Could not install ${packages}. Install it (apt-get install -y ${packages}) and run again.`,
  );
  process.exit(1);
}
