import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Attributes whose value the investor reads or hears. */
const SPOKEN_ATTRIBUTES = new Set([
  'aria-label',
  'placeholder',
  'title',
  'alt',
  'label',
  'eyebrow',
  'intro',
  'hint',
  'description',
  'message',
]);

/** A catalogue key handed to a component that calls t() itself (`title="projects.featured"`). */
const MESSAGE_KEY = /^[a-z][A-Za-z]*(\.[\w-]+)+$/;

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(path) && !path.endsWith('.d.ts')) out.push(path);
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Text without letters (symbols, numbers), a catalogue key, or a word every language shows as is. */
function isAllowed(text: string, allow: ReadonlySet<string>): boolean {
  const trimmed = squeeze(text);
  return !/\p{L}/u.test(trimmed) || MESSAGE_KEY.test(trimmed) || allow.has(trimmed);
}

/**
 * The strings an expression can evaluate to when it is shown as is: itself, both branches of
 * a condition, the right side of `a && 'text'` or `a ?? 'text'`.
 */
function shownLiterals(expression: ts.Expression): ts.StringLiteralLike[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression)) return shownLiterals(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...shownLiterals(expression.whenTrue), ...shownLiterals(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind !== ts.SyntaxKind.PlusToken) {
    return shownLiterals(expression.right);
  }
  if (ts.isTemplateExpression(expression)) {
    return [expression.head, ...expression.templateSpans.map((span) => span.literal)].filter((part) =>
      /\p{L}/u.test(part.text),
    ) as unknown as ts.StringLiteralLike[];
  }
  return [];
}

/** Whether `node` runs when its module loads: not inside a function, method or accessor body. */
function runsAtLoad(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    // A callback handed to an array method at load (`list.map((x) => t(…))`) runs then too.
    const isEagerCallback =
      (ts.isArrowFunction(parent) || ts.isFunctionExpression(parent)) &&
      ts.isCallExpression(parent.parent) &&
      ts.isPropertyAccessExpression(parent.parent.expression) &&
      EAGER_METHODS.has(parent.parent.expression.name.text);
    if (isEagerCallback) continue;
    if (ts.isFunctionLike(parent) || ts.isClassStaticBlockDeclaration(parent)) return false;
  }
  return true;
}

const EAGER_METHODS = new Set([
  'map',
  'flatMap',
  'filter',
  'reduce',
  'forEach',
  'fromEntries',
  'find',
  'some',
  'every',
]);

/**
 * Text nodes and spoken attributes written as literals in one .tsx or .ts source; spoken
 * properties of object literals (`label: 'Text'`); and t() read when the module loads, which
 * fixes a text in whatever language was in place then.
 */
export function scanSource(file: string, text: string, allow: ReadonlySet<string>): Finding[] {
  const findings: Finding[] = [];
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const report = (node: ts.Node, value: string) => {
    if (isAllowed(value, allow)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ file, line: line + 1, text: squeeze(value) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && SPOKEN_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) report(value, value.text);
      else if (ts.isJsxExpression(value) && value.expression) {
        for (const literal of shownLiterals(value.expression)) report(literal, literal.text);
      }
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of shownLiterals(node.expression)) report(literal, literal.text);
    } else if (
      ts.isPropertyAssignment(node) &&
      ts.isObjectLiteralExpression(node.parent) &&
      SPOKEN_ATTRIBUTES.has(node.name.getText(source))
    ) {
      for (const literal of shownLiterals(node.initializer)) report(literal, literal.text);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 't' &&
      runsAtLoad(node)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      findings.push({ file, line: line + 1, text: `t() when the module loads: ${squeeze(node.getText(source))}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The same, for every .tsx and .ts file under `dirs`. */
export function findHardCodedText(root: string, dirs: string[], allow: ReadonlySet<string>): Finding[] {
  const files: string[] = [];
  for (const dir of dirs) walk(join(root, dir), files);
  // Long texts written once per language (x.ts beside x.ko.ts) are content, held to each other
  // by tests/i18n/content-languages.test.ts rather than kept in the catalogue.
  const isContent = (file: string) => file.endsWith('.ko.ts') || files.includes(file.replace(/\.ts$/, '.ko.ts'));
  return files
    .filter((file) => !isContent(file))
    .flatMap((file) => scanSource(relative(root, file), readFileSync(file, 'utf8'), allow));
}
