import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuresMount } from './mount';
import { FeaturesFileError } from './store';

const logger = { log: () => undefined };
const noWatch = () => () => undefined;

describe('featuresMount', () => {
  it('takes the flag routes and nothing else of the site', () => {
    const mount = featuresMount({ file: new URL('./flags.json', import.meta.url).pathname, clientKeys: ['sdk-local'], logger, watch: noWatch });
    for (const path of ['/api/features/sdk-local', '/api/eval/sdk-local', '/sub/sdk-local']) expect(mount.matches(path), path).toBe(true);
    for (const path of ['/subscribe', '/sub', '/api/featuresx', '/bff/api/features/sdk-local', '/en/']) expect(mount.matches(path), path).toBe(false);
    mount.close();
  });

  it('stops the start with the problems of a bad flags file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'features-mount-'));
    try {
      const file = join(dir, 'flags.json');
      writeFileSync(file, JSON.stringify({ features: { paypal: { defaultValue: true, rules: [{ key: 'x', variations: [1] }] } } }));
      expect(() => featuresMount({ file, clientKeys: ['sdk-local'], logger, watch: noWatch })).toThrow(FeaturesFileError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
