// The command line. Commands are plain functions (convert.ts, check.ts); this file only parses
// flags and turns errors into exit codes: 0 done, 1 refused or drift, 2 invalid settings.
import { Command } from "commander";
import type { BuildOptions } from "./build-plugin.js";
import { check } from "./check.js";
import { convert } from "./convert.js";
import { EXIT, ExitError, UsageError } from "./errors.js";
import { packageVersion } from "./package-info.js";

// `convert | head` closes stdout early: finish the work quietly instead of dying on EPIPE.
process.stdout.on("error", () => {});

const program = new Command("hooks2opencode")
  .description("Replay Claude Code hooks in OpenCode: convert .claude/settings.json hooks into a drop-in OpenCode plugin.")
  .version(packageVersion())
  .showHelpAfterError();

interface SourceFlags {
  project: string;
  settings: string[];
  user?: boolean;
  out?: string;
  strict?: boolean;
}

/** The flags that say which settings to read and where the plugin goes, shared by both commands. */
function withSourceFlags(command: Command): Command {
  return command
    .option("-p, --project <dir>", "project folder", ".")
    .option("-s, --settings <file>", "read this settings file instead of .claude/settings*.json (repeatable)", collect, [])
    .option("--user", "~/.claude/settings.json ($CLAUDE_CONFIG_DIR) and OpenCode's global plugin folder")
    .option("-o, --out <file>", "the plugin file (default: .opencode/plugins/claude-hooks.js)")
    .option("--strict", "treat every warning as an error (exit 2): for CI");
}

function buildOptions(flags: SourceFlags): BuildOptions {
  if (flags.user && flags.settings.length > 0) throw new UsageError("--user and --settings cannot be combined");
  return {
    project: flags.project,
    settings: flags.settings,
    ...(flags.user ? { user: true } : {}),
    ...(flags.out ? { out: flags.out } : {}),
    ...(flags.strict ? { strict: true } : {}),
  };
}

withSourceFlags(program.command("convert"))
  .description("write .opencode/plugins/claude-hooks.js from the project's Claude Code settings and print a per-hook report")
  .option("--dry-run", "print the report, write nothing")
  .option("--force", "overwrite a plugin file that was not written by hooks2opencode or was edited by hand")
  .action(async (flags: SourceFlags & { dryRun?: boolean; force?: boolean }) => {
    const result = await convert({ ...buildOptions(flags), ...(flags.dryRun ? { dryRun: true } : {}), ...(flags.force ? { force: true } : {}) });
    process.exitCode = result.exitCode;
  });

withSourceFlags(program.command("check"))
  .description("fail (exit 1) when the plugin is missing, stale or edited by hand; for CI")
  .action(async (flags: SourceFlags) => {
    process.exitCode = (await check(buildOptions(flags))).exitCode;
  });

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof ExitError) {
    process.stderr.write(`hooks2opencode: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } else if (error instanceof UsageError) {
    process.stderr.write(`hooks2opencode: ${error.message}\n`);
    process.exitCode = EXIT.invalidSettings;
  } else {
    process.stderr.write(`hooks2opencode: internal error, this is a bug; please report it:\n${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 70;
  }
}
