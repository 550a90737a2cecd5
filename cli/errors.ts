// The CLI's three ways to fail. Only cli/index.ts turns them into an exit code.

/** Bad flags or arguments. */
export class UsageError extends Error {}

/** A known failure with its exit code; the message is for the user. */
export class ExitError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** 0 done; 1 refused (convert) or drift (check); 2 the input cannot be used (settings, flags); 70 a bug. */
export const EXIT = { ok: 0, refused: 1, invalidSettings: 2, usage: 2, internal: 70 } as const;
