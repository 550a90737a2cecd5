// `npm test` here is what the example's Stop hook runs: the agent stops only when it passes.
import assert from "node:assert/strict";
import test from "node:test";
import { slug } from "../src/slug.js";

test("slug joins the words of a title with dashes", () => {
  assert.equal(slug("Keep your hooks!"), "keep-your-hooks");
});
