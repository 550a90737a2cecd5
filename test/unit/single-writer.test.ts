// Each piece of per-session state has one owner (plugin/session-state.ts says why): what OpenCode
// says about a session is written by events/bookkeeping.ts alone, what events share by
// session-state.ts's named operations alone, and what one event keeps lives in a slot its own
// module declares and does not export. Writes are read with TypeScript's checker, so a write is
// known by the field it reaches whatever the variable is called (the shell.env hook's `output.env`
// is not the session's env), through `=`, `??=`, `++`, `delete`, a mutating call or Object.assign.
// A write through an alias (`const set = state.due; set.add(x)`) is not seen: the owner then seems
// to write nothing and the second test fails, so the owner writes through the field.
import { readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

const STATE_FILE = "plugin/session-state.ts";

/** Who may write the fields of each record session-state.ts declares; null: set when made, never written. */
const WRITER: Record<string, string | null> = {
  SessionState: null,
  SessionFacts: "plugin/events/bookkeeping.ts",
  SharedState: "plugin/session-state.ts",
  AwaitedTurn: null,
  PinnedContext: null,
};

const MUTATING_METHODS = new Set(["push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin", "add", "delete", "set", "clear"]);

interface Scan {
  /** "Record.field" -> the files that write it. */
  writers: Map<string, Set<string>>;
  /** The records session-state.ts declares, with their fields. */
  records: Map<string, string[]>;
  program: ts.Program;
}

let scan: Scan;

beforeAll(() => {
  scan = scanWrites();
}, 60_000);

function scanWrites(): Scan {
  const files = readdirSync(path.join(REPO_ROOT, "plugin"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(REPO_ROOT, "plugin", file));
  const { config } = ts.readConfigFile(path.join(REPO_ROOT, "tsconfig.json"), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, REPO_ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const stateFile = path.join(REPO_ROOT, STATE_FILE);

  const records = new Map<string, string[]>();
  ts.forEachChild(program.getSourceFile(stateFile)!, (node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const fields = node.members.flatMap((member) => (ts.isPropertySignature(member) ? [member.name.getText()] : []));
    if (fields.length > 0) records.set(node.name.text, fields);
  });

  /** The session-state fields an access chain reaches: `a.b.c` reaches whichever of c, b is one. */
  const fieldsReached = (target: ts.Expression): string[] => {
    const reached: string[] = [];
    let expression: ts.Expression = target;
    for (;;) {
      if (ts.isParenthesizedExpression(expression) || ts.isNonNullExpression(expression) || ts.isAsExpression(expression)) {
        expression = expression.expression;
      } else if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
        const name = ts.isPropertyAccessExpression(expression) ? expression.name : expression.argumentExpression;
        for (const declaration of checker.getSymbolAtLocation(name)?.declarations ?? []) {
          const record = declaration.parent;
          if (ts.isPropertySignature(declaration) && ts.isInterfaceDeclaration(record) && declaration.getSourceFile().fileName === stateFile)
            reached.push(`${record.name.text}.${declaration.name.getText()}`);
        }
        expression = expression.expression;
      } else {
        return reached;
      }
    }
  };

  /** What a node writes to: an assignment's left side, a ++/-- or delete operand, a mutating call's receiver, Object.assign's target. */
  const targetsOf = (node: ts.Node): ts.Expression[] => {
    if (ts.isBinaryExpression(node)) {
      const kind = node.operatorToken.kind;
      return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment ? [node.left] : [];
    }
    if (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node))
      return node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken ? [node.operand] : [];
    if (ts.isDeleteExpression(node)) return [node.expression];
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      if (callee.getText() === "Object.assign") return node.arguments.slice(0, 1);
      if (MUTATING_METHODS.has(callee.name.text)) return [callee.expression];
    }
    return [];
  };

  const writers = new Map<string, Set<string>>();
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const relative = path.relative(REPO_ROOT, file);
    const visit = (node: ts.Node): void => {
      for (const target of targetsOf(node)) for (const field of fieldsReached(target)) writers.set(field, (writers.get(field) ?? new Set()).add(relative));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { writers, records, program };
}

function writersOf(record: string, field: string): string[] {
  return [...(scan.writers.get(`${record}.${field}`) ?? [])].sort();
}

describe("per-session state has one owner", () => {
  it("no field of session-state.ts's records is written from two files", () => {
    const shared: Record<string, string[]> = {};
    for (const [record, fields] of scan.records)
      for (const field of fields) if (writersOf(record, field).length > 1) shared[`${record}.${field}`] = writersOf(record, field);
    expect(shared).toEqual({});
  });

  it("OpenCode's facts are written by bookkeeping.ts, shared state by session-state.ts, each field by exactly that one file", () => {
    const wrong: Record<string, string[]> = {};
    for (const [record, fields] of scan.records) {
      expect(WRITER, `say who writes ${record} in WRITER`).toHaveProperty(record);
      const owner = WRITER[record];
      for (const field of fields) {
        const writers = writersOf(record, field);
        if (writers.join() !== (owner ?? "")) wrong[`${record}.${field}`] = writers;
      }
    }
    expect(wrong).toEqual({});
  });

  it("a slot (state one module keeps) is declared once, at the top of its module, and not exported", () => {
    const misplaced: string[] = [];
    for (const source of scan.program.getSourceFiles()) {
      if (!source.fileName.startsWith(path.join(REPO_ROOT, "plugin") + path.sep)) continue;
      const exported = new Set<string>();
      source.forEachChild((node) => {
        if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause))
          for (const element of node.exportClause.elements) exported.add((element.propertyName ?? element.name).text);
      });
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && node.expression.getText() === "sessionSlot") {
          const declaration = node.parent;
          const statement = declaration?.parent?.parent;
          const topLevel = ts.isVariableDeclaration(declaration) && statement !== undefined && ts.isVariableStatement(statement) && statement.parent === source;
          const isExported =
            topLevel && (statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) || exported.has(declaration.name.getText()));
          if (!topLevel || isExported) misplaced.push(`${path.relative(REPO_ROOT, source.fileName)}: ${node.parent.getText().slice(0, 80)}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(misplaced).toEqual([]);
  });
});
