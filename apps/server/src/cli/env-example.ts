/**
 * `npm run env:example`: writes `.env.example` at the repository's root from the configuration's
 * schema and descriptions (config/env-example.ts). `--check`: exits 1 when the file is not current.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEnvExample } from '../config/env-example.ts';

const target = fileURLToPath(new URL('../../../../.env.example', import.meta.url));
const text = renderEnvExample();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error('.env.example 已过期，请运行 npm run env:example (.env.example is out of date)');
    process.exit(1);
  }
  console.log('.env.example is current');
} else {
  fs.writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
