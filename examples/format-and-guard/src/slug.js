// The example's code: what its hooks format (PostToolUse) and test (Stop).
export function slug(title) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
