import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the architecture (eslint.config.js) still catch what they are for. Each case
 * lints a few lines as if they were a file at the given path, next to the real files of the repository.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import rules', () => {
  it('finds an import cycle: carts.ts importing vouchers.ts, which changes carts through carts.ts', async () => {
    expect(await problems('server/ecommerce/carts.ts', "import './vouchers';\n")).toContain('import-x/no-cycle');
  });

  it('keeps view flows apart; a flow may use the shared ui and shell', async () => {
    expect(await problems('src/views/booking/flow-import.ts', "import '../search/search-context';\n")).toContain('import-x/no-restricted-paths');
    expect(await problems('src/views/booking/flow-import.ts', "import '../ui/fields';\nimport '../shell/SiteLink';\n")).toEqual([]);
  });

  it('keeps src/views/ui free of flows and of the shell', async () => {
    expect(await problems('src/views/ui/ui-import.ts', "import '../booking/checkout/checkout-context';\n")).toContain('import-x/no-restricted-paths');
    expect(await problems('src/views/ui/ui-import.ts', "import '../shell/SiteLink';\n")).toContain('import-x/no-restricted-paths');
  });

  it('keeps test helpers out of app code, but not out of tests', async () => {
    const web = "import '../test/bff/memory-logger';\nimport './machines/cart/cart.fixtures';\n";
    const bff = "import '../../test/bff/memory-logger';\nimport '../ecommerce/testing';\n";
    const refused = ['import-x/no-restricted-paths', 'import-x/no-restricted-paths'];
    expect(await problems('src/helper-import.ts', web)).toEqual(refused);
    expect(await problems('server/lib/helper-import.ts', bff)).toEqual(refused);
    expect(await problems('src/helper-import.test.ts', web)).toEqual([]);
    expect(await problems('server/lib/helper-import.test.ts', bff)).toEqual([]);
  });
});

describe('views and services', () => {
  const restricted = '@typescript-eslint/no-restricted-imports';
  const restrictions = async (filePath: string, code: string) => (await problems(filePath, code)).filter((rule) => rule === restricted);

  it('lets a view import query hooks and types from services, nothing else', async () => {
    const allowed = "import '../../services/booking/queries';\nimport type { AuthAccess } from '../../services/bff/request';\n";
    expect(await restrictions('src/views/booking/service-import.ts', allowed)).toEqual([]);
    expect(await restrictions('src/views/booking/service-import.ts', "import { track } from '../../services/booking/tracking';\n")).toEqual([restricted]);
    expect(await restrictions('src/views/ui/service-import.ts', "import { localizedPath } from '../../services/navigation/paths';\n")).toEqual([restricted]);
  });

  it('leaves tests free to set up browser state through services', async () => {
    expect(await restrictions('src/views/booking/service-import.test.ts', "import { chooseConsent } from '../../services/consent/consent';\n")).toEqual([]);
  });
});

describe('file names', () => {
  it.each([
    ['src/services/BadName.ts', false],
    ['src/services/good-name.ts', true],
    ['src/views/booking/HotelSummary.tsx', true],
    ['src/views/booking/use-summary.tsx', true],
    ['src/views/booking/HotelSummary.ts', false],
    ['src/views/booking/hotel_summary.tsx', false],
    ['src/machines/cart/cart.machine.ts', true],
    ['src/machines/cart/cart.model.test.ts', true],
    ['src/machines/cart/carts.machine.ts', false],
    ['src/machines/cart/cart.ts', false],
    ['src/routes/$locale/hotels/$hotelCode.tsx', true],
  ])('%s is %s', async (filePath, allowed) => {
    const naming = (await problems(filePath, 'export {};\n')).filter((rule) => rule.startsWith('check-file/'));
    expect(naming.length === 0).toBe(allowed);
  });
});
