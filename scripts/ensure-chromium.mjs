// The end-to-end tests drive Debian's Chromium; Playwright's own browser
// download cannot reach the network here. Installs it when missing (needs root).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);
console.log(`${chromium} is missing; installing Debian's chromium...`);
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
} catch {
  console.error(
    'Could not install chromium. Install it (apt-get install -y chromium) and run again.',
  );
  process.exit(1);
}
