// The command line. Commands are plain functions (convert.ts, check.ts); this file only parses
// flags and turns errors into exit codes, the only place that does: 0 done, 1 refused (convert) or
// drift (check), 2 the input cannot be used (settings Claude cannot read, a bad flag, a missing
// file; any warning under --strict), 70 an internal error (a bug). Commander's own exits (unknown
// option or command, missing argument) are taken over so that they exit 2 too, as eslint does,
// and with --json every failure still prints the command's one document (error-document.ts).
// First: matcher regexes compiled after this cannot stall the command (bounded-regexp.ts).
import "./bounded-regexp.js";
import { Command, CommanderError } from "commander";
import type { BuildOptions } from "./build/plan.js";
import { check } from "./commands/check.js";
import { convert } from "./commands/convert.js";
import { errorDocument, wantsJson } from "./error-document.js";
import { EXIT, ExitError, UsageError } from "./errors.js";
import { explain } from "./commands/explain.js";
import { packageVersion } from "./package-info.js";
import { FIRE_FLAGS, type FireFlag, flagSpec } from "./simulate/fire-options.js";
import { flagHelp, SCENARIOS, stopHookActiveHelp } from "./simulate/scenarios.js";
import { testHook } from "./commands/test-hook.js";
import { trust } from "./commands/trust.js";
import { doctor } from "./commands/doctor.js";

// `convert | head` closes stdout early: finish the work quietly instead of dying on EPIPE.
process.stdout.on("error", () => {});

const program = new Command("hooks2opencode")
  .description("Replay Claude Code hooks in OpenCode: convert .claude/settings.json hooks into a drop-in OpenCode plugin.")
  .version(packageVersion(), "-v, --version", "print the version")
  .exitOverride()
  .showHelpAfterError("(hooks2opencode --help shows the commands and flags)");

interface SourceFlags {
  project?: string;
  settings: string[];
  plugin: string[];
  managed?: boolean | string;
  user?: boolean;
  out?: string;
  strict?: boolean;
  json?: boolean;
  color?: boolean;
}

/** The flags that say which settings to read, where the plugin goes and how to print, shared by both commands. */
function withSourceFlags(command: Command): Command {
  return command
    .exitOverride()
    .option("-p, --project <dir>", "project folder (default: the nearest folder upward with .claude/, else the git root)")
    .option("-s, --settings <file>", "read this settings file instead of .claude/settings*.json (repeatable)", collect, [])
    .option("--user", "~/.claude/settings.json ($CLAUDE_CONFIG_DIR) and OpenCode's global plugin folder")
    .option("--managed [dir]", "also read Claude Code's managed settings (default: /etc/claude-code on Linux); always on with --user")
    .option("--plugin <dir>", "also convert the hooks of this Claude Code plugin folder (repeatable; enabled plugins are found by themselves)", collect, [])
    .option("-o, --out <file>", "the plugin file (default: .opencode/plugins/claude-hooks.js)")
    .option("--strict", "treat every warning as an error (exit 2): for CI")
    .option("--json", 'print one JSON document (see docs/cli.md, "Machine-readable output")')
    .option("--no-color", "never colour the output (also: NO_COLOR=1)");
}

function buildOptions(flags: SourceFlags): BuildOptions {
  if (flags.user && flags.settings.length > 0) throw new UsageError("--user and --settings cannot be combined");
  return {
    ...(flags.project !== undefined ? { project: flags.project } : {}),
    settings: flags.settings,
    ...(flags.plugin.length > 0 ? { plugins: flags.plugin } : {}),
    ...(flags.managed !== undefined ? { managed: flags.managed } : {}),
    ...(flags.user ? { user: true } : {}),
    ...(flags.out ? { out: flags.out } : {}),
    ...(flags.strict ? { strict: true } : {}),
  };
}

function printOptions(flags: Pick<SourceFlags, "json" | "color">): { json?: boolean; color?: boolean } {
  return { ...(flags.json ? { json: true } : {}), ...(flags.color === false ? { color: false } : {}) };
}

withSourceFlags(program.command("convert"))
  .description("write .opencode/plugins/claude-hooks.js from the project's Claude Code settings and print a per-hook report")
  .option("--dry-run", "print the report and what would be written or refused, write nothing")
  .option("--force", "overwrite a plugin file that was not written by hooks2opencode or was edited by hand")
  .option("-q, --quiet", "print only problems (warnings, errors, hooks not translated as they are)")
  .option(
    "--permissions",
    "also carry Claude's permissions rules: deny blocks a call, allow answers OpenCode's prompt (docs/permissions.md); recorded for later runs",
  )
  .option("--no-permissions", "stop carrying them (a recorded --permissions is dropped)")
  .action(async (flags: SourceFlags & { dryRun?: boolean; force?: boolean; quiet?: boolean; permissions?: boolean }) => {
    const result = await convert({
      ...buildOptions(flags),
      ...(flags.permissions !== undefined ? { permissions: flags.permissions } : {}),
      ...printOptions(flags),
      ...(flags.dryRun ? { dryRun: true } : {}),
      ...(flags.force ? { force: true } : {}),
      ...(flags.quiet ? { quiet: true } : {}),
    });
    process.exitCode = result.exitCode;
  });

withSourceFlags(program.command("check"))
  .description("fail (exit 1) when the plugin is missing, stale, orphaned or edited by hand; for CI")
  .option("--diff", "print what convert would change, as a unified diff")
  .action(async (flags: SourceFlags & { diff?: boolean }) => {
    process.exitCode = (await check({ ...buildOptions(flags), ...printOptions(flags), ...(flags.diff ? { diff: true } : {}) })).exitCode;
  });

withSourceFlags(program.command("explain"))
  .description("a table of every hook: event, matcher and if, handler, the OpenCode channel and tools it runs on, and translated / degraded / dropped")
  .option("--permissions", "also list Claude's permissions rules as convert --permissions carries them, in the order Claude consults them")
  .option("--tool <name>", "only the permission rules that can apply to this tool (a Claude name or an OpenCode id)")
  .option("--input <json>", "with --tool: the call's input; says which permission rule decides it")
  .action(async (flags: SourceFlags & { permissions?: boolean; tool?: string; input?: string }) => {
    const permissions = { ...(flags.permissions ? { permissions: true } : {}), ...(flags.tool !== undefined ? { tool: flags.tool } : {}) };
    const input = flags.input !== undefined ? { input: flags.input } : {};
    process.exitCode = (await explain({ ...buildOptions(flags), ...printOptions(flags), ...permissions, ...input })).exitCode;
  });

// Each scenario says which flags its event takes and what they mean for it: the help is written from them.
const testCommand = withSourceFlags(program.command("test"))
  .description(
    "fire one event against the configured hooks offline: what ran, why the others did not, and what OpenCode would do (exit 0 through, 1 blocked, 3 a hook failed)",
  )
  .argument("<event>", `a Claude Code event: ${Object.keys(SCENARIOS).join(", ")}`);
for (const flag of FIRE_FLAGS) testCommand.option(flagSpec(flag), flagHelp(flag));
testCommand
  .option("--skill <name>", "mark this skill as loaded in the session, so its frontmatter hooks run (repeatable)", collect, [])
  .option("--session-id <id>", "the session_id hooks get (default: a new one each run, so a hook's per-session state starts empty)")
  .option("--stop-hook-active", stopHookActiveHelp())
  .option("--permissions", "also apply Claude's permissions rules, as convert --permissions does, and say which rule decided the call")
  .action(
    async (
      event: string,
      flags: SourceFlags & Partial<Record<FireFlag, string>> & { sessionId?: string; stopHookActive?: boolean; skill: string[]; permissions?: boolean },
    ) => {
      const fire = Object.fromEntries(FIRE_FLAGS.flatMap((key) => (flags[key] !== undefined ? [[key, flags[key]]] : [])));
      const session = { ...(flags.sessionId !== undefined ? { sessionId: flags.sessionId } : {}), ...(flags.stopHookActive ? { stopHookActive: true } : {}) };
      const skills = flags.skill.length > 0 ? { skills: flags.skill } : {};
      const permissions = flags.permissions ? { permissions: true } : {};
      process.exitCode = (await testHook({ ...buildOptions(flags), ...printOptions(flags), ...fire, ...session, ...skills, ...permissions, event })).exitCode;
    },
  );

program
  .command("trust")
  .exitOverride()
  .description("let the live plugin run the Claude Code hooks of a folder and the folders below it (Claude Code's workspace trust)")
  .argument("[dir]", "the folder (default: the project the current folder is in)")
  .option("--revoke", "take the trust back")
  .option("--list", "print the folders hooks2opencode trusts")
  .action(async (dir: string | undefined, flags: { revoke?: boolean; list?: boolean }) => {
    process.exitCode = (
      await trust({ ...(dir !== undefined ? { dir } : {}), ...(flags.revoke ? { revoke: true } : {}), ...(flags.list ? { list: true } : {}) })
    ).exitCode;
  });

program
  .command("doctor")
  .exitOverride()
  .description(
    "what will really run here: the opencode on PATH and its plugin API, the doors configured, whether each loads, trust (exit 1 when something will not run)",
  )
  .option("-p, --project <dir>", "the folder OpenCode opens (default: the current one)")
  .option("--json", 'print one JSON document (see docs/cli.md, "Machine-readable output")')
  .option("--no-color", "never colour the output (also: NO_COLOR=1)")
  .action(async (flags: { project?: string; json?: boolean; color?: boolean }) => {
    process.exitCode = (await doctor({ ...(flags.project !== undefined ? { project: flags.project } : {}), ...printOptions(flags) })).exitCode;
  });

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

try {
  if (process.argv.length <= 2) {
    program.outputHelp();
    process.exitCode = EXIT.usage;
  } else {
    await program.parseAsync(process.argv);
  }
} catch (error) {
  // --json promises one document on stdout, a failure included; the message still goes to stderr.
  const failed = (message: string, exitCode: number) => {
    process.exitCode = exitCode;
    const args = process.argv.slice(2);
    if (wantsJson(args)) process.stdout.write(`${JSON.stringify(errorDocument(args[0], message, exitCode), null, 2)}\n`);
  };
  if (error instanceof CommanderError) {
    // Commander already printed the message (or the help, or the version).
    const done = ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code);
    if (done) process.exitCode = EXIT.ok;
    else failed(error.message.replace(/^error: /, ""), EXIT.usage);
  } else if (error instanceof ExitError) {
    process.stderr.write(`hooks2opencode: ${error.message}\n`);
    failed(error.message, error.exitCode);
  } else if (error instanceof UsageError) {
    process.stderr.write(`hooks2opencode: ${error.message}\n`);
    failed(error.message, EXIT.usage);
  } else {
    process.stderr.write(`hooks2opencode: internal error, this is a bug; please report it:\n${error instanceof Error ? error.stack : String(error)}\n`);
    failed(`internal error, this is a bug: ${error instanceof Error ? error.message : String(error)}`, EXIT.internal);
  }
}
