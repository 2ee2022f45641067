import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutDescriptions } from '../../scripts/strip-machine-descriptions';

describe('the browser bundle’s statecharts without their descriptions', () => {
  it('drops every state description, and nothing else', () => {
    const source = `const machine = setup({}).createMachine({
  description: 'The whole flow.',
  states: {
    idle: { description: "Waiting.", on: { go: 'busy' } },
    busy: {
      description:
        \`Working.\`,
      entry: 'log',
    },
  },
  context: { note: 'description: kept, it is text', description: someValue },
});`;
    const output = withoutDescriptions(source);
    expect(output).not.toMatch(/The whole flow|Waiting\\.|Working\\./);
    expect(output).toContain("on: { go: 'busy' }");
    expect(output).toContain("entry: 'log'");
    expect(output).toContain("note: 'description: kept, it is text'");
    // A description that is not a literal is left alone: it could be read.
    expect(output).toContain('description: someValue');
  });

  it('leaves the app machine valid and without its descriptions', () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'machines', 'app', 'app.machine.ts'), 'utf8');
    const output = withoutDescriptions(source, 'app.machine.ts');
    expect(source).toContain('description:');
    expect(output).not.toMatch(/\bdescription:\s*['"`]/);
    expect(output).toContain("id: 'app'");
  });
});
