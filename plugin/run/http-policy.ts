// Claude's http hook policy: when `allowedHttpHookUrls` is set in any settings file, an http hook
// runs only if its URL matches one of the patterns (`*` is a wildcard, the host is compared without
// case and without a trailing dot; `[]` blocks every http hook); `httpHookAllowedEnvVars` is the
// outer limit on the variables a hook may put in its headers (a name must be in both lists). Pure.
// Source: https://code.claude.com/docs/en/settings-reference (allowedHttpHookUrls, httpHookAllowedEnvVars).

export interface HttpPolicy {
  allowedHttpHookUrls?: readonly string[];
  httpHookAllowedEnvVars?: readonly string[];
}

/** The policy of the committed plugin and of the local hooks file together: the lists merge. */
export function mergePolicies(...policies: ReadonlyArray<HttpPolicy | undefined>): HttpPolicy {
  const merged: { allowedHttpHookUrls?: string[]; httpHookAllowedEnvVars?: string[] } = {};
  for (const key of ["allowedHttpHookUrls", "httpHookAllowedEnvVars"] as const) {
    const lists = policies.flatMap((policy) => (Array.isArray(policy?.[key]) ? [policy[key].filter((item) => typeof item === "string")] : []));
    if (lists.length > 0) merged[key] = [...new Set(lists.flat())];
  }
  return merged;
}

export function urlAllowed(url: string, policy: HttpPolicy): boolean {
  const patterns = policy.allowedHttpHookUrls;
  if (patterns === undefined) return true;
  const target = splitUrl(url);
  return patterns.some((pattern) => {
    const wanted = splitUrl(pattern);
    return wildcard(wanted.origin, "i").test(target.origin) && wildcard(wanted.rest, "").test(target.rest);
  });
}

/** Why an http hook to this URL is never sent (allowedHttpHookUrls does not allow it), or undefined when it is sent. */
export function urlRefusal(url: string, policy: HttpPolicy): string | undefined {
  if (urlAllowed(url, policy)) return undefined;
  const patterns = policy.allowedHttpHookUrls ?? [];
  return `${url} is not in allowedHttpHookUrls (${patterns.length === 0 ? "[]: no http hook is sent" : patterns.join(", ")})`;
}

/** The variables a hook may interpolate into its headers. */
export function allowedEnvVars(own: readonly string[] | undefined, policy: HttpPolicy): Set<string> {
  const limit = policy.httpHookAllowedEnvVars;
  return new Set((own ?? []).filter((name) => limit === undefined || limit.includes(name)));
}

/** `scheme://host[:port]` (host without its trailing dot) and the rest (path and query, "/" at least). */
function splitUrl(url: string): { origin: string; rest: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(url.trim());
  if (!match) return { origin: url, rest: "" };
  const [, scheme = "", authority = "", rest = ""] = match;
  const host = authority.replace(/\.(?=(:\d+)?$)/, "");
  return { origin: `${scheme}${host}`.toLowerCase(), rest: rest === "" ? "/" : rest };
}

function wildcard(pattern: string, flags: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    flags,
  );
}
