// Validates compose.yaml against the Compose Specification's JSON schema, as `docker compose
// config` would before running it (no Docker engine runs in CI), then checks what this stack
// promises beyond the schema: every service has a health check, every volume is named (no
// host paths but the read-only Caddyfile), and the web, worker, db and caddy services exist.
//   node scripts/ci/compose-check.mjs [FILE]      (compose.yaml)
// Prints one line per problem and "compose: N passed, N failed"; exits 1 on any failure.
//
// The schema, scripts/ci/compose-spec.schema.json, is the Compose Specification's
// schema/compose-spec.json (https://github.com/compose-spec/compose-spec, Apache License 2.0)
// as the npm package dclint 3.1.0 ships it (schemas/compose.schema.json, MIT), copied unchanged:
// sha256 in scripts/ci/compose-spec.schema.json.sha256. To update: npm pack dclint@<version>,
// copy package/schemas/compose.schema.json over it and rewrite the checksum file.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { parseDocument } from "yaml";

const ROOT = path.resolve(import.meta.dirname, "../..");
const file = path.resolve(ROOT, process.argv[2] ?? "compose.yaml");
const schemaFile = path.join(ROOT, "scripts/ci/compose-spec.schema.json");
const results = [];
const check = (name, ok, detail = "") => {
  results.push(ok);
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}`);
};

const schemaText = readFileSync(schemaFile, "utf8");
const recorded = readFileSync(`${schemaFile}.sha256`, "utf8").split(/\s/)[0];
const actual = createHash("sha256").update(schemaText).digest("hex");
check("the vendored schema is the copied file", recorded === actual, `sha256 ${actual}`);

// Anchors and merge keys resolved as Compose resolves them (YAML 1.1 merge keys).
const doc = parseDocument(readFileSync(file, "utf8"), { merge: true });
check(`${path.basename(file)} parses as YAML`, doc.errors.length === 0, doc.errors.join("; "));
const compose = doc.toJS({ maxAliasCount: 100 });

// The schema is draft-07 and uses keywords ajv does not know (deprecated): not strict.
// It names draft-07 by its https address, which ajv knows by the http one: the same
// meta-schema, registered under that name too.
const ajv = new Ajv({ allErrors: true, strict: false });
const draft07 = JSON.parse(
  readFileSync(path.join(ROOT, "node_modules/ajv/dist/refs/json-schema-draft-07.json"), "utf8"),
);
ajv.addMetaSchema({ ...draft07, $id: "https://json-schema.org/draft-07/schema" });
const validate = ajv.compile(JSON.parse(schemaText));
const valid = validate(compose);
check(
  "valid against the Compose Specification schema",
  valid,
  (validate.errors ?? [])
    .map(
      (e) =>
        `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    )
    .join("; "),
);

const services = compose.services ?? {};
for (const name of ["web", "worker", "db", "caddy"])
  check(`service ${name} is defined`, name in services);
for (const [name, service] of Object.entries(services)) {
  check(`service ${name} has a health check`, Boolean(service.healthcheck?.test));
  for (const volume of service.volumes ?? []) {
    const source = typeof volume === "string" ? volume.split(":")[0] : volume.source;
    const readOnly = typeof volume === "string" ? volume.endsWith(":ro") : volume.read_only;
    const named = source && !source.startsWith(".") && !source.startsWith("/");
    check(
      `service ${name}: ${source} is a named volume, or a file mounted read-only`,
      named ? source in (compose.volumes ?? {}) : readOnly,
    );
  }
}
check(
  "compose.yaml's ./ paths exist",
  (() => {
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === "string" ? volume.split(":")[0] : volume.source;
        if (source?.startsWith(".")) readFileSync(path.resolve(path.dirname(file), source));
      }
    return true;
  })(),
);

const passed = results.filter(Boolean).length;
console.log(`compose: ${passed} passed, ${results.length - passed} failed`);
process.exitCode = passed === results.length ? 0 : 1;
