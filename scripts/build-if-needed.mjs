// Builds the admin and visitor apps when a build is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const newest = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
};

const stale = ['admin', 'visitor'].filter((app) => {
  const built = newest(path.join(app, 'dist', 'index.html'));
  const sources = Math.max(
    ...[`${app}/src`, `${app}/index.html`, `${app}/vite.config.ts`, 'domain/src', 'browser/src'].map(newest),
  );
  return built === 0 || built < sources;
});

if (stale.length) {
  console.log(`Building ${stale.join(' and ')}...`);
  execSync('npm run build --silent', { stdio: 'inherit' });
}
