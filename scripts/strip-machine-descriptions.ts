/**
 * A build step for the browser's bundle: drops the `description` of every state from the statecharts
 * (src/machines/<flow>/<flow>.machine.ts). They are written for readers, diagrams and test-path names
 * (docs/diagrams, the model-based tests read the source); the running machines never read them, and on
 * a phone every kilobyte of the first load counts. The server's bundle and the tests keep them.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

const MACHINE_FILE = /\/src\/machines\/[^/]+\/[^/]+\.machine\.ts$/;

/** The source without `description: '…'` properties (string or template literals) in object literals. */
export function withoutDescriptions(source: string, fileName = 'machine.ts'): string {
  const dropDescriptions: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isObjectLiteralExpression(node)) {
        const kept = node.properties.filter(
          (property) =>
            !(
              ts.isPropertyAssignment(property) &&
              ts.isIdentifier(property.name) &&
              property.name.text === 'description' &&
              (ts.isStringLiteral(property.initializer) || ts.isNoSubstitutionTemplateLiteral(property.initializer))
            ),
        );
        const updated = kept.length === node.properties.length ? node : ts.factory.updateObjectLiteralExpression(node, kept);
        return ts.visitEachChild(updated, visit, context);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit) as ts.SourceFile;
  };
  const output = ts.transpileModule(source, {
    fileName,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false, sourceMap: false },
    transformers: { before: [dropDescriptions] },
  });
  return output.outputText;
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !MACHINE_FILE.test(id)) return null;
      return { code: withoutDescriptions(code, id), map: null };
    },
  };
}
