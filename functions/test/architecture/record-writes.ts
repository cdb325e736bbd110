// Finds writes of the customers and entries collections in a source file: calls of set, update,
// create or delete whose document (the first argument, or the object the method is called on)
// comes, within the file, from `collection(CUSTOMERS)` or `collection(ENTRIES)`, through
// `.doc()`, `.ref`, a query, a snapshot, a variable or a callback's parameter.
import ts from 'typescript';

const WRITES = new Set(['set', 'update', 'create', 'delete']);
const RECORDS = /^(CUSTOMERS|ENTRIES|'customers'|'entries'|"customers"|"entries")$/;

export interface RecordWrite {
  line: number;
  text: string;
}

export function findRecordWrites(fileName: string, source: string): RecordWrite[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: RecordWrite[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITES.has(node.expression.name.text)
    ) {
      const targets = [node.expression.expression, ...node.arguments.slice(0, 1)];
      if (targets.some((t) => namesRecords(t, file, new Set()))) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push({ line: line + 1, text: node.getText().split('\n')[0] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether `expr` is (or is taken from) a document or query of customers or entries. */
function namesRecords(expr: ts.Node, file: ts.SourceFile, seen: Set<ts.Node>): boolean {
  if (seen.has(expr)) return false;
  seen.add(expr);
  const again = (next: ts.Node | undefined) => (next ? namesRecords(next, file, seen) : false);
  if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAwaitExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isNonNullExpression(expr)
  )
    return again(expr.expression);
  // A snapshot's document (`.ref`), a query's documents (`.docs`, `.docs[0]`): not `.id`.
  if (ts.isPropertyAccessExpression(expr))
    return ['ref', 'docs'].includes(expr.name.text) && again(expr.expression);
  if (ts.isElementAccessExpression(expr)) return again(expr.expression);
  if (ts.isCallExpression(expr)) {
    const callee = expr.expression;
    if (!ts.isPropertyAccessExpression(callee)) return false;
    const method = callee.name.text;
    const first = expr.arguments[0];
    if (method === 'collection') return first !== undefined && RECORDS.test(first.getText());
    if (method === 'doc' && first && /\b(CUSTOMERS|ENTRIES)\b/.test(first.getText())) return true;
    if (method === 'get' || method === 'getAll')
      return again(callee.expression) || expr.arguments.some((a) => again(a));
    return again(callee.expression);
  }
  if (ts.isIdentifier(expr)) return declarations(expr, file).some((d) => again(d));
  return false;
}

/** What an identifier stands for in the file: its initializers, or what a callback is called on. */
function declarations(id: ts.Identifier, file: ts.SourceFile): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      if (ts.isIdentifier(node.name) && node.name.text === id.text) out.push(node.initializer);
      if (ts.isObjectBindingPattern(node.name) || ts.isArrayBindingPattern(node.name)) {
        const names = node.name.elements.map((e) =>
          ts.isBindingElement(e) ? e.name.getText() : '',
        );
        if (names.includes(id.text)) out.push(node.initializer);
      }
    }
    if (ts.isParameter(node) && node.name.getText() === id.text) {
      // A callback's parameter: (doc) => … given to docs.map / forEach / filter / find.
      const fn = node.parent;
      const call = fn.parent;
      if (
        (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
        ts.isCallExpression(call) &&
        ts.isPropertyAccessExpression(call.expression)
      )
        out.push(call.expression.expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}
