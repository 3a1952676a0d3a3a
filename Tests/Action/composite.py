"""Runs the steps of a composite action (action.yml) as GitHub's runner does, for ActionTests.

Each `run` step runs with `bash --noprofile --norc -eo pipefail` (the runner's `shell: bash`) in the
working directory, with the step's `env` and the files the runner gives a step (GITHUB_OUTPUT,
GITHUB_PATH, GITHUB_ACTION_PATH, RUNNER_TEMP, GITHUB_EVENT_PATH); what a step appends to GITHUB_PATH
is on PATH for the next ones, what it writes to GITHUB_OUTPUT is `steps.ID.outputs`. A `uses` step
is not run: its evaluated `with` is recorded. A step that fails ends the run, as in a composite
action. `${{ }}` may hold only what action.yml uses: a context path (inputs, github, steps) and, in
`if`, a comparison of one with a string; anything else is an error, so that a change to action.yml
that this runner would misread fails the test instead of passing it.

Usage: composite.py ACTION_YML CONFIG_JSON REPORT_JSON, where CONFIG holds `inputs` (the with:
given), `github` (the context: event_name, repository, token, event) and `temp` (RUNNER_TEMP).
The report: each step's name and status, the `uses` calls, the action's and the steps' outputs,
the directories added to PATH; the exit status is the failing step's.
"""
import json
import os
import re
import subprocess
import sys

import yaml

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
PATH = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$")
COMPARISON = re.compile(r"^(\S+)\s*(==|!=)\s*'([^']*)'$")


def lookup(path, context):
    if not PATH.match(path):
        raise SystemExit(f"composite.py: unsupported expression '{path}'")
    value = context
    for part in path.split("."):
        if not isinstance(value, dict):
            return ""
        value = value.get(part)
    # As in GitHub's expressions: null is the empty string, numbers and booleans their text.
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if not isinstance(value, (dict, list)) else json.dumps(value)


def substitute(text, context):
    return EXPRESSION.sub(lambda m: lookup(m.group(1), context), str(text))


def condition(text, context):
    text = EXPRESSION.sub(lambda m: m.group(1), text).strip()
    match = COMPARISON.match(text)
    if match:
        left = lookup(match.group(1), context)
        return (left == match.group(3)) == (match.group(2) == "==")
    return lookup(text, context) not in ("", "false", "0")


def main():
    action_file, config_file, report_file = sys.argv[1:]
    with open(action_file) as f:
        action = yaml.safe_load(f)
    with open(config_file) as f:
        config = json.load(f)
    assert action["runs"]["using"] == "composite", "not a composite action"
    temp = config["temp"]
    inputs = {name: str(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
    for name, value in config.get("inputs", {}).items():
        if name not in inputs:
            raise SystemExit(f"composite.py: action.yml has no input '{name}'")
        inputs[name] = value
    github = dict(config["github"])
    github["action_path"] = os.path.dirname(os.path.abspath(action_file))
    event_path = os.path.join(temp, "event.json")
    with open(event_path, "w") as f:
        json.dump(github.get("event", {}), f)
    github_path = os.path.join(temp, "github_path")
    open(github_path, "w").close()
    context = {"inputs": inputs, "github": github, "steps": {}}
    base_env = dict(os.environ)
    base_env.update({
        "GITHUB_ACTION_PATH": github["action_path"],
        "GITHUB_EVENT_NAME": github["event_name"],
        "GITHUB_EVENT_PATH": event_path,
        "GITHUB_REPOSITORY": github["repository"],
        "GITHUB_SERVER_URL": github.get("server_url", "https://github.com"),
        "GITHUB_PATH": github_path,
        "GITHUB_WORKSPACE": os.getcwd(),
        "RUNNER_TEMP": temp,
    })
    report = {"steps": [], "uses": [], "outputs": {}, "path": []}
    status = 0
    for index, step in enumerate(action["runs"]["steps"]):
        name = step.get("name", f"step {index}")
        if "if" in step and not condition(str(step["if"]), context):
            report["steps"].append({"name": name, "status": "skipped"})
            continue
        if "uses" in step:
            with_ = {k: substitute(v, context) for k, v in step.get("with", {}).items()}
            report["uses"].append({"uses": step["uses"], "with": with_})
            report["steps"].append({"name": name, "status": "recorded"})
            continue
        if step.get("shell") != "bash":
            raise SystemExit(f"composite.py: step '{name}' is not `shell: bash`")
        output_file = os.path.join(temp, f"output-{index}")
        open(output_file, "w").close()
        env = dict(base_env)
        env.update({k: substitute(v, context) for k, v in step.get("env", {}).items()})
        env["GITHUB_OUTPUT"] = output_file
        with open(github_path) as f:
            added = [line.strip() for line in f if line.strip()]
        env["PATH"] = os.pathsep.join(list(reversed(added)) + [base_env["PATH"]])
        script = os.path.join(temp, f"step-{index}.sh")
        with open(script, "w") as f:
            f.write(substitute(step["run"], context))
        code = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], env=env).returncode
        outputs = {}
        with open(output_file) as f:
            for line in f.read().splitlines():
                # Only the `name=value` form: the multi-line `name<<DELIMITER` one is not read here.
                if "=" not in line or "<<" in line.split("=", 1)[0]:
                    raise SystemExit(f"composite.py: step '{name}' wrote an output line this runner does not read: {line!r}")
                key, value = line.split("=", 1)
                outputs[key] = value
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": outputs}
        report["steps"].append({"name": name, "status": code})
        if code != 0:
            status = code
            break
    for name, spec in action.get("outputs", {}).items():
        report["outputs"][name] = substitute(spec["value"], context)
    report["step_outputs"] = {k: v["outputs"] for k, v in context["steps"].items()}
    with open(github_path) as f:
        report["path"] = [line.strip() for line in f if line.strip()]
    with open(report_file, "w") as f:
        json.dump(report, f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
