// Claude's allowedHttpHookUrls rule: `*` wildcards, the host without case or trailing dot, `[]`
// blocks every http hook, no list allows all (https://code.claude.com/docs/en/settings-reference).
import { describe, expect, it } from "vitest";
import { allowedEnvVars, mergePolicies, urlAllowed } from "../../plugin/run/http-policy.js";

describe("allowedHttpHookUrls", () => {
  it.each([
    ["https://hooks.example.com/x", undefined, true],
    ["https://hooks.example.com/x", [], false],
    ["https://hooks.example.com/x", ["https://hooks.example.com/*"], true],
    ["https://HOOKS.Example.com./x", ["https://hooks.example.com/*"], true],
    ["https://hooks.example.com/X", ["https://hooks.example.com/x"], false],
    ["https://a.hooks.example.com/x", ["https://*.example.com/*"], true],
    ["https://evil.com/https://hooks.example.com/x", ["https://hooks.example.com/*"], false],
    ["http://hooks.example.com/x", ["https://hooks.example.com/*"], false],
    ["http://127.0.0.1:8080/hook", ["http://127.0.0.1:*/hook"], true],
    ["https://hooks.example.com", ["https://hooks.example.com/"], true],
  ] as const)("%s with %j: %s", (url, patterns, expected) => {
    expect(urlAllowed(url, patterns === undefined ? {} : { allowedHttpHookUrls: patterns })).toBe(expected);
  });

  it("lists merge across files; httpHookAllowedEnvVars limits the hook's own list", () => {
    expect(mergePolicies({ allowedHttpHookUrls: ["a"] }, undefined, { allowedHttpHookUrls: ["b", "a"] })).toEqual({ allowedHttpHookUrls: ["a", "b"] });
    expect(mergePolicies({}, undefined)).toEqual({});
    expect([...allowedEnvVars(["TOKEN", "OTHER"], { httpHookAllowedEnvVars: ["TOKEN"] })]).toEqual(["TOKEN"]);
    expect([...allowedEnvVars(["TOKEN", "OTHER"], {})]).toEqual(["TOKEN", "OTHER"]);
  });
});
