// The service-lines check without a browser: `node Tests/Browser/kit/service-lines-node.mjs` (exit 1 on a failure).
import { readFileSync } from "node:fs";
import * as kit from "../../../web/edgeswipe.js";
import { checkServiceLines } from "./service-lines-check.js";

const lines = JSON.parse(readFileSync(new URL("./service-lines.json", import.meta.url), "utf8"));
let failed = 0, passed = 0;
checkServiceLines(lines, kit, (name, ok, detail = "") => {
  if (ok) passed += 1; else { failed += 1; console.log(`FAIL ${name}: ${detail}`); }
});
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
