// Bundle entry of the runtime module every generated plugin imports (claude-hooks.runtime.mjs next
// to it): createPlugin is its only export. OpenCode never loads the .mjs file as a plugin itself
// (it loads only .js and .ts files from a plugins folder).
export { createPlugin } from "./index.js";
