// Bundle entry of the live plugin (dist/live.js, the package's `exports["./server"]`): the default
// export in OpenCode's module form, `{ id, server }`, and nothing else, since OpenCode calls every
// other export of a plugin module as a plugin.
export { default } from "./index.js";
