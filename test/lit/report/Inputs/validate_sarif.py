#!/usr/bin/env python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schemas.

usage: validate_sarif.py SARIF_FILE...

Each file must validate against both copies of the schema kept beside this
script (see sarif/README.md): the OASIS 2.1.0 schema as published by
SchemaStore (sarif-2.1.0-rtm.5.json, JSON Schema draft 4) and the one the
SARIF SDK ships (sarif-2.1.0.json, draft 2020-12). Also checks what GitHub
code scanning requires beyond the schema: a ruleId, a message and one
location with an artifact URI per result, and rules with unique ids.
"""
import json
import os
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = {
    "sarif-2.1.0-rtm.5.json": jsonschema.Draft4Validator,
    "sarif-2.1.0.json": jsonschema.Draft202012Validator,
}


def main():
    failures = 0
    validators = []
    for name, cls in SCHEMAS.items():
        with open(os.path.join(HERE, "sarif", name)) as f:
            schema = json.load(f)
        cls.check_schema(schema)
        validators.append((name, cls(schema)))
    for path in sys.argv[1:]:
        with open(path) as f:
            log = json.load(f)
        for name, validator in validators:
            for error in validator.iter_errors(log):
                failures += 1
                where = "/".join(str(p) for p in error.absolute_path)
                print("%s: invalid against %s at /%s: %s"
                      % (path, name, where, error.message))
        for run in log.get("runs", []):
            rules = run["tool"]["driver"].get("rules", [])
            ids = [r["id"] for r in rules]
            if len(ids) != len(set(ids)):
                failures += 1
                print("%s: rule ids are not unique" % path)
            for i, result in enumerate(run.get("results", [])):
                problems = []
                if result.get("ruleId") not in ids:
                    problems.append("ruleId not among the rules")
                if not result.get("message", {}).get("text"):
                    problems.append("no message text")
                locations = result.get("locations", [])
                if len(locations) != 1 or not locations[0].get(
                        "physicalLocation", {}).get("artifactLocation",
                                                    {}).get("uri"):
                    problems.append("not exactly one location with a uri")
                for p in problems:
                    failures += 1
                    print("%s: results[%d]: %s" % (path, i, p))
        print("%s: %d results, %s" % (path, sum(len(r.get("results", []))
                                                for r in log["runs"]),
                                      "valid" if not failures else "INVALID"))
    sys.exit(1 if failures else 0)


main()
