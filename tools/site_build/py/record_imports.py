# Runs inside Pyodide at build time (under Node, see tools/site_build/stdlib.py), with the whole
# pre-compiled standard library and the engine unpacked: finds every module the engine can
# import in the browser, so that the site ships a standard library of just those.
#
# BUILD_ARGS (JSON): {"package": "cambria", "engine_module": "cambria.webapi",
#                     "static": [module names found by a scan of the package's import statements],
#                     "from_imports": ["a.b" for each `from a import b` of the scan],
#                     "worker": [modules the worker's own Python code imports],
#                     "out": path of the JSON answer}
# Answer: {"boot": [modules Pyodide itself imported before us], "modules": [every module loaded
#          at the end], "unavailable": {static name: why it cannot be imported in Pyodide}}
#
# Three nets, because each alone misses something: importing every module of the package finds
# what they import at module level (and what those import, transitively); importing each name
# of the static scan finds the imports inside functions; playing a game and answering a request
# finds what is imported on the fly (e.g. a codec looked up by name).
import importlib
import importlib.util
import json
import os
import sys
import traceback

args = json.loads(BUILD_ARGS)  # noqa: F821 - set by the runner
boot = sorted(sys.modules)
unavailable = {}


def load(name):
    try:
        importlib.import_module(name)
    except BaseException as exc:  # noqa: BLE001 - SystemExit too: a module must not stop the build
        unavailable[name] = f"{type(exc).__name__}: {exc}"


engine = importlib.import_module(args["engine_module"])
package = importlib.import_module(args["package"])
# every module of the package (found by walking its folder: pkgutil would add itself to the list)
home = os.path.dirname(os.path.dirname(package.__file__))
for folder, _, files in sorted(os.walk(os.path.dirname(package.__file__))):
    for file in sorted(files):
        if file.endswith(".py") and file != "__main__.py":  # __main__ runs the command line
            parts = os.path.relpath(os.path.join(folder, file[:-3]), home).split(os.sep)
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
for name in args["static"] + args["worker"]:
    load(name)
for name in args["from_imports"]:  # `from a import b` imports the submodule a.b if there is one
    if importlib.util.find_spec(name.rpartition(".")[0]) is not None:
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # b was a name inside a, not a module

# Exercise the engine as the page does: one request through the web API, one refused request
# reported as the worker reports errors (with a traceback), one whole game.
reply = engine.handle("ping", "{}")
assert json.loads(reply), reply
try:
    engine.handle("no such request", "{}")
except Exception:
    traceback.format_exc()
# a whole game of every game through the web API, as the page plays it: computer seats of
# every level but the slowest, one hint from Hard, a record saved and loaded, a replay view
from cambria.core.registry import game_ids, has_part, rules_for  # noqa: E402


def call(kind, payload):
    text = engine.call(kind, json.dumps(payload))
    assert text[0] == "1", text
    return json.loads(text[1:])


for game_id in game_ids():
    if not has_part(game_id, "web"):  # a game whose rules ship before its page side
        continue
    facts = rules_for(game_id).facts
    n = facts.min_players + (1 if facts.min_players < facts.max_players else 0)
    kinds = ["computer:easy", "computer:normal"] * facts.max_players
    players = [{"name": f"P{i + 1}", "kind": kinds[i]} for i in range(n)]
    view = call("new_game", {"game": game_id, "players": players, "seed": 1})["view"]
    hinted = False
    while not view["over"]:
        if not view["chance"] and not hinted:
            call("hint", {"level": "hard"})
            hinted = True
        view = call("computer", {"log_from": view["log_total"]})["view"]
    record = call("record", {})
    call("load", {"record": json.dumps(record)})
    call("view_at", {"upto": 3})

with open(args["out"], "w") as f:
    json.dump({"boot": boot, "modules": sorted(sys.modules), "unavailable": unavailable}, f, indent=1)
print(f"recorded {len(sys.modules)} modules")
